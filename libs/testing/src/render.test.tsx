import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { ApiError } from '@crm/api-client';
import { callsOf, createFakeClient, mockApiClient } from './fake-api-client';
import { renderRoutes } from './render';

describe('createFakeClient', () => {
  it('answers through the handler of each endpoint and records the options', async () => {
    const client = createFakeClient({ authProfile: () => 'me' });
    await expect(client.call('authProfile', { query: { a: 1 } })).resolves.toBe('me');
    await expect(client.call('destroySession')).rejects.toThrow(
      'No fake handler for destroySession',
    );
    expect(callsOf(client, 'authProfile')).toEqual([{ query: { a: 1 } }]);
  });

  it('reports 401s to onUnauthorized and still rejects', async () => {
    const seen: number[] = [];
    const client = createFakeClient(
      {
        authProfile: () => {
          throw new ApiError(401, null);
        },
      },
      (error) => seen.push(error.status),
    );
    await expect(client.call('authProfile')).rejects.toBeInstanceOf(ApiError);
    expect(seen).toEqual([401]);
  });
});

describe('mockApiClient', () => {
  it('answers every call through one handler', async () => {
    const { client, call } = mockApiClient(async (name) => `answer to ${name}`);
    await expect(client.call('authProfile')).resolves.toBe('answer to authProfile');
    expect(call).toHaveBeenCalledWith('authProfile');
  });
});

describe('renderRoutes', () => {
  it('renders the route for the path inside the layout, with a location probe', () => {
    renderRoutes({
      path: '/here?x=1',
      routes: { '/here': <p>Here</p> },
      layout: (children) => <section aria-label="Layout">{children}</section>,
    });
    expect(screen.getByText('Here')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Layout' })).toContainElement(
      screen.getByTestId('location'),
    );
    expect(screen.getByTestId('location')).toHaveTextContent('/here?x=1');
  });

  it('has a /login placeholder and puts guarded routes behind the guard', () => {
    renderRoutes({
      path: '/secret',
      guard: <p>Guarded</p>,
      guarded: { '/secret': <p>Secret</p> },
    });
    expect(screen.getByText('Guarded')).toBeInTheDocument();
    expect(screen.queryByText('Secret')).not.toBeInTheDocument();
    renderRoutes({ path: '/login' });
    expect(screen.getByRole('heading', { level: 1, name: 'Login page' })).toBeInTheDocument();
  });
});
