import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// findBy… and waitFor wait for a condition; on a busy machine a screen can take seconds to get
// there, so the bound is the test's (30 s), not Testing Library's 1 s default.
configure({ asyncUtilTimeout: 25_000 });

afterEach(() => cleanup());
