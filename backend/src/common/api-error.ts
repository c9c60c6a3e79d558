import { HttpException, HttpStatus } from '@nestjs/common';

/** An error whose message is meant for the person who sent the request. */
export class ApiError extends HttpException {
  constructor(status: HttpStatus, message: string, readonly errors?: Record<string, string>) {
    super({ success: false, message, ...(errors ? { errors } : {}) }, status);
  }

  static notFound(message: string): ApiError {
    return new ApiError(HttpStatus.NOT_FOUND, message);
  }

  static badRequest(message: string, errors?: Record<string, string>): ApiError {
    return new ApiError(HttpStatus.BAD_REQUEST, message, errors);
  }

  static unauthorized(message: string): ApiError {
    return new ApiError(HttpStatus.UNAUTHORIZED, message);
  }

  static tooManyRequests(message: string): ApiError {
    return new ApiError(HttpStatus.TOO_MANY_REQUESTS, message);
  }
}
