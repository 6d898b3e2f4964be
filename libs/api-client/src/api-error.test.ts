import { describe, expect, it } from 'vitest';
import { ApiError, abortError, isAbortError, shouldReport } from './api-error';

describe('ApiError', () => {
  it("is 'Request failed' with the status and body", () => {
    const error = new ApiError(500, { boom: true });
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe('ApiError');
    expect(error.message).toBe('Request failed');
    expect(error.status).toBe(500);
    expect(error.body).toEqual({ boom: true });
  });
  it('maps body.errors to the first message per field', () => {
    const error = new ApiError(422, {
      errors: { email: ['Email is taken', 'Email is invalid'], name: 'Name is required', n: 5 },
    });
    expect(error.fieldErrors()).toEqual({ email: 'Email is taken', name: 'Name is required' });
  });
  it('gives no field errors without body.errors', () => {
    expect(new ApiError(500, 'text').fieldErrors()).toEqual({});
    expect(new ApiError(500, null).fieldErrors()).toEqual({});
    expect(new ApiError(422, { errors: ['x'] }).fieldErrors()).toEqual({});
  });
});

describe('isAbortError and shouldReport', () => {
  it('recognises aborts', () => {
    expect(isAbortError(abortError())).toBe(true);
    expect(isAbortError(new DOMException('x', 'AbortError'))).toBe(true);
    expect(isAbortError(new Error('x'))).toBe(false);
    expect(isAbortError(null)).toBe(false);
  });
  it('reports neither request failures nor aborts', () => {
    expect(shouldReport(new ApiError(404, null))).toBe(false);
    expect(shouldReport(abortError())).toBe(false);
    expect(shouldReport(new TypeError('x is undefined'))).toBe(true);
  });
});
