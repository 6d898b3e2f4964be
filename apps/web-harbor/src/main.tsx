import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router-dom';
import { ApiClientProvider, createApiClient, createQueryClient } from '@crm/api-client';
import { sessionBridge } from '@crm/session';
import { ErrorBoundary, showAccessDenied } from '@crm/shell';
import { Toaster } from '@crm/ui';
import { BrandProvider } from '@crm/variant';
import { brand } from './brand';
import { appEnvironmentFromEnv } from './environment';
import { createRouter } from './routes';
import './styles.css';

const environment = appEnvironmentFromEnv(import.meta.env.VITE_APP_ENV);
const queryClient = createQueryClient();
// 401: the SessionProvider (inside the router) attaches its handler to the bridge. 403: the toast.
const apiClient = createApiClient({
  onUnauthorized: sessionBridge.onUnauthorized,
  onForbidden: showAccessDenied,
});
const router = createRouter();

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
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
  </StrictMode>,
);
