/**
 * Why an SMS was not sent. `retryable`: the provider is down, slow or rate-limiting, so the
 * delivery tries again later with backoff; otherwise the message fails for good (invalid
 * number, recipient unsubscribed, bad credentials) and the delivery log shows the reason.
 */
export class SmsDeliveryError extends Error {
  readonly retryable: boolean;
  /** the provider's own error code, when it answered one */
  readonly providerCode: number | null;

  constructor(reason: string, options: { retryable: boolean; providerCode: number | null }) {
    super(reason);
    this.name = "SmsDeliveryError";
    this.retryable = options.retryable;
    this.providerCode = options.providerCode;
  }
}
