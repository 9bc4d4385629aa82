import { cleanup } from '@testing-library/react';
import { afterEach, beforeAll } from 'vitest';
import { loadErrorMessages } from '../../machines/errors.ts';

// In the app, every call that can fail loads the error-message lookups before its failure reaches the
// machine (machines/errors.ts, withErrorMessages); stand-in actors reject at once, so load them first.
beforeAll(() => loadErrorMessages());
afterEach(() => cleanup());
