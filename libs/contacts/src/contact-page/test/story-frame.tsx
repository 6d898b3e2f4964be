import { useState, type ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router-dom';
import type { Decorator } from '@storybook/react-vite';
import { ApiClientProvider, ApiError, type ApiClient } from '@crm/api-client';
import type { Contact, EndpointName } from '@crm/contract';
import { Toaster } from '@crm/ui';
import { contactFixture } from '@crm/testing';

/** Answers of the stories' api-client by endpoint name (a thrown ApiError is a failed request). */
export type StoryAnswers = Partial<Record<EndpointName, (options: { params?: unknown; query?: unknown; body?: unknown } | undefined) => unknown>>;

/** A browser-only api-client for stories: answers after a short wait, like a real server would. */
function storyClient(answers: StoryAnswers): ApiClient {
  const call = async (name: EndpointName, options?: { params?: unknown; query?: unknown; body?: unknown }) => {
    await new Promise((resolve) => setTimeout(resolve, 400));
    const answer = answers[name];
    if (!answer) throw new ApiError(404, { errors: { base: `The story has no answer for ${name}` } });
    return answer(options);
  };
  return {
    call,
    request: () => Promise.reject(new Error('Not in stories')),
    download: async () => ({ filename: 'example.pdf', blob: new Blob(['%PDF-1.4 example'], { type: 'application/pdf' }) }),
    saveDownload: () => undefined,
    abortAll: () => undefined,
  } as unknown as ApiClient;
}

export type StoryFrameProps = { answers?: StoryAnswers; children: ReactNode };

/** What a piece of the contact page needs around it in a story: queries, the api-client, a router, toasts. */
export function StoryFrame({ answers = {}, children }: StoryFrameProps) {
  const [queryClient] = useState(() => new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } }));
  const [client] = useState(() => storyClient(answers));
  return (
    <QueryClientProvider client={queryClient}>
      <ApiClientProvider client={client}>
        <MemoryRouter>{children}</MemoryRouter>
        <Toaster />
      </ApiClientProvider>
    </QueryClientProvider>
  );
}

export const STORY_ZONE = 'America/New_York';

/** The stories' decorator: the frame, answering with the story's `answers` parameter. */
export const withStoryFrame: Decorator = (Story, { parameters }) => (
  <StoryFrame answers={parameters['answers'] as StoryAnswers | undefined}>
    <Story />
  </StoryFrame>
);

/** A contact for stories: @crm/testing's fixture with a filled-in person. */
export function storyContact(overrides: Partial<Contact> = {}): Contact {
  return contactFixture({
    id: 5,
    first_name: 'Maria',
    last_name: 'Lopez',
    category: 'prospect',
    phones: [{ id: 1, number: '15125550147', phone_type: 2 }],
    emails: [
      { id: 11, email: 'maria@example.com', verified: true, verification: 'valid', verified_at: '2026-03-02T15:00:00Z' },
      { id: 12, email: 'mlopez@work.example', verified: false, verification: 'unchecked', verified_at: null },
    ],
    address1: '12 Oak Street',
    city: 'Austin',
    state: 'TX',
    zip: '73301',
    date_of_birth: '1958-02-03',
    gender: 'female',
    language: 'spanish',
    timezone: 'cst',
    tags: [
      { id: 1, name: 'Hot lead', color: '#b91c1c' },
      { id: 2, name: 'Medicare 2026', color: '#1d4ed8' },
    ],
    last_activity_at: new Date(Date.now() - 3 * 24 * 60 * 60 * 1000).toISOString(),
    last_activity_type: 'call',
    updated_at: '2026-03-02T15:04:05Z',
    created_at: '2026-01-02T15:04:05Z',
    ...overrides,
  });
}
