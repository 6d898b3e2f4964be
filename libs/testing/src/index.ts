// Test helpers shared by the browser libraries and apps. Import them from tests only (lint enforces it).
export { featuresFor, makeUser, type UserOverrides } from './current-user';
export { testBrand } from './brand';
export {
  callsOf,
  createFakeClient,
  mockApiClient,
  type CallHandler,
  type CallOptions,
  type FakeClient,
  type Handler,
  type Handlers,
} from './fake-api-client';
export { createTestQueryClient, type TestQueryClientOptions } from './query-client';
export {
  LocationProbe,
  renderRoutes,
  TestProviders,
  type RenderRoutesOptions,
  type RenderRoutesResult,
  type TestProvidersProps,
} from './render';
export * from './contact';
export * from './transfer';
export { axeViolations } from './axe';
export { polyfillResizeObserver } from './resize-observer';
