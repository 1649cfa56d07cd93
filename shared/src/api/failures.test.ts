import { ApiError } from './http';
import { errorMessage, hasStatus, messageOf } from './failures';

describe('failure helpers', () => {
  it("give the server's message of a failed call", () => {
    const refused = new ApiError(400, 'Coupon is Expired');
    expect(errorMessage(refused)).toBe('Coupon is Expired');
    expect(messageOf(refused)).toBe('Coupon is Expired');
    expect(messageOf(new Error('Network Error'), 'Upload failed')).toBe('Network Error');
  });

  it('fall back to a plain text when there is no message', () => {
    expect(errorMessage(new ApiError(500, ''))).toBe('Something went Wrong');
    expect(errorMessage('boom')).toBe('Something went Wrong');
    expect(messageOf(undefined)).toBe('Something went wrong, please try again');
    expect(messageOf({}, 'Upload failed')).toBe('Upload failed');
  });

  it('hasStatus matches only an ApiError of that status', () => {
    expect(hasStatus(new ApiError(401, 'Please login first'), 401)).toBe(true);
    expect(hasStatus(new ApiError(404, 'Not found'), 401)).toBe(false);
    expect(hasStatus(new ApiError(0, 'Network Error'), 0)).toBe(true);
    expect(hasStatus(new Error('401'), 401)).toBe(false);
  });
});
