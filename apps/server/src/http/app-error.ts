import { ERROR_STATUS, type ErrorCode } from "@booking/contracts";

/** The one error type services throw; the error handler turns it into `{ error: code }`. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly fields: Record<string, string> | undefined;

  constructor(code: ErrorCode, fields?: Record<string, string>) {
    super(code);
    this.code = code;
    this.fields = fields;
  }

  get statusCode(): number {
    return ERROR_STATUS[this.code];
  }
}

export function validationError(fields: Record<string, string>): AppError {
  return new AppError("VALIDATION_ERROR", fields);
}
