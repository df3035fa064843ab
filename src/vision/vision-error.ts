/**
 * A problem the user can fix (bad photo, missing markers, tool at the edge...). Its message is shown
 * as-is. Anything else thrown by the vision code is an internal error.
 */
export class VisionError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "VisionError";
  }
}
