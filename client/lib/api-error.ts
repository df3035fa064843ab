/** A failed API call: message is the answer's `detail`, else 'Request failed' (SPEC section 8). */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly payload: unknown,
  ) {
    super(message);
    this.name = "ApiError";
  }
}
