import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { loadErrorMessages } from '../../machines/errors.ts';

// In the app, every call that can fail loads the error-message lookups before its failure reaches the
// machine (machines/errors.ts, withErrorMessages); stand-in actors reject at once, so load them first.
// At the top level, not in beforeAll: model tests replay paths while their module loads.
await loadErrorMessages();
afterEach(() => cleanup());
