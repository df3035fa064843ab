/** The one error type: a status and a human `detail` rendered as {"detail": ...} by the app's onError. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly detail: string,
  ) {
    super(detail);
    this.name = "AppError";
  }
}

export const badRequest = (detail: string) => new AppError(400, detail);
export const unauthorized = (detail = "Authentication credentials were not provided.") => new AppError(401, detail);
export const forbidden = (detail = "You do not have permission to perform this action.") => new AppError(403, detail);
export const notFound = (detail = "Not found.") => new AppError(404, detail);
export const conflict = (detail: string) => new AppError(409, detail);
export const unprocessable = (detail: string) => new AppError(422, detail);
