import { ERROR_STATUS, type ErrorCode } from "@booking/contracts";

/** The one error type services throw; the error handler turns it into `{ error: code }`. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly fields: Record<string, string> | undefined;
  /** figures the answer carries beside the code (a 409's amount still owed, …) */
  readonly details: Record<string, string | number | null> | undefined;

  constructor(
    code: ErrorCode,
    fields?: Record<string, string>,
    details?: Record<string, string | number | null>,
  ) {
    super(code);
    this.code = code;
    this.fields = fields;
    this.details = details;
  }

  get statusCode(): number {
    return ERROR_STATUS[this.code];
  }
}

export function validationError(fields: Record<string, string>): AppError {
  return new AppError("VALIDATION_ERROR", fields);
}
