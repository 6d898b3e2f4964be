import { useState, type ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router-dom';
import { ApiClientProvider, type ApiClient } from '@crm/api-client';
import type { EndpointName } from '@crm/contract';
import { Toaster } from '@crm/ui';

/** Answers of a story's api-client by endpoint name (a story has no server). */
export type StoryAnswers = Partial<Record<EndpointName, (options: unknown) => unknown>>;

function storyClient(answers: StoryAnswers): ApiClient {
  const call = async (name: EndpointName, options?: unknown) => {
    const answer = answers[name];
    if (!answer) throw new Error(`The story has no answer for ${name}`);
    await new Promise((resolve) => setTimeout(resolve, 150));
    return answer(options);
  };
  return {
    call,
    request: () => Promise.reject(new Error('Not in stories')),
    download: () => Promise.reject(new Error('Not in stories')),
    saveDownload: () => undefined,
    abortAll: () => undefined,
  } as unknown as ApiClient;
}

/** Query client, a canned api-client, a router and the toaster around a story. */
export function StoryProviders({ answers, children }: { answers: StoryAnswers; children: ReactNode }) {
  const [queryClient] = useState(() => new QueryClient({ defaultOptions: { queries: { retry: false } } }));
  const [client] = useState(() => storyClient(answers));
  return (
    <QueryClientProvider client={queryClient}>
      <ApiClientProvider client={client}>
        <MemoryRouter>
          {children}
          <Toaster />
        </MemoryRouter>
      </ApiClientProvider>
    </QueryClientProvider>
  );
}
