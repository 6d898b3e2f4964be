import { describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { ApiError, createApiClient } from '@crm/api-client';
import { Toaster } from '@crm/ui';
import { accessDeniedMessage, showAccessDenied } from './access-denied';

function forbidden(body: unknown): (request: Request) => Promise<Response> {
  return async () =>
    new Response(JSON.stringify(body), {
      status: 403,
      headers: { 'content-type': 'application/json' },
    });
}

describe('accessDeniedMessage', () => {
  it.each<[unknown, string]>([
    [new ApiError(403, { errors: { user: 'Access denied!' } }), 'Access denied!'],
    [new ApiError(403, { errors: { user: ['You may not do that'] } }), 'You may not do that'],
    [new ApiError(403, 'Forbidden'), 'Access denied!'],
    [new ApiError(403, null), 'Access denied!'],
    [undefined, 'Access denied!'],
  ])('%o gives %s', (error, expected) => {
    expect(accessDeniedMessage(error)).toBe(expected);
  });
});

describe('403 answers', () => {
  it("show the 'Access denied!' toast from the body's errors.user, once for repeated 403s", async () => {
    const onForbidden = vi.fn(showAccessDenied);
    const client = createApiClient({
      fetch: forbidden({ errors: { user: 'Access denied!' } }),
      onForbidden,
      validateResponses: false,
    });
    render(<Toaster />);

    await act(async () => {
      await expect(client.call('showApiToken')).rejects.toBeInstanceOf(ApiError);
      await expect(client.call('showApiToken')).rejects.toBeInstanceOf(ApiError);
    });

    expect(onForbidden).toHaveBeenCalledTimes(2);
    expect(await screen.findByText('Access denied!')).toBeInTheDocument();
    expect(screen.getAllByText('Access denied!')).toHaveLength(1);
  });
});
