import { StrictMode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { RouterProvider, type RouterProviderProps } from 'react-router-dom';
import { ApiClientProvider, type ApiClient } from '@crm/api-client';
import { ErrorBoundary } from '@crm/shell';
import { Toaster } from '@crm/ui';
import { BrandProvider, type AppEnvironment, type BrandConfig } from '@crm/variant';

/** A data router (createBrowserRouter in the app, createMemoryRouter in tests). */
export type BrandAppRouter = RouterProviderProps['router'];

export type BrandAppProps = {
  brand: BrandConfig;
  environment: AppEnvironment;
  router: BrandAppRouter;
  queryClient: QueryClient;
  apiClient: ApiClient;
};

/** The providers of a brand app around its router: errors, queries, api-client, brand, toasts. */
export function BrandApp({ brand, environment, router, queryClient, apiClient }: BrandAppProps) {
  return (
    <StrictMode>
      <ErrorBoundary>
        <QueryClientProvider client={queryClient}>
          <ApiClientProvider client={apiClient}>
            <BrandProvider brand={brand} environment={environment}>
              <RouterProvider router={router} />
              <Toaster />
            </BrandProvider>
          </ApiClientProvider>
        </QueryClientProvider>
      </ErrorBoundary>
    </StrictMode>
  );
}
