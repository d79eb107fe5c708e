import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// Lazy route chunks load through Vite's transform; on a loaded 2-core CI machine that takes
// several times the 1 s default, and under a full CI run (browsers, servers and the api suite
// beside it) a cold chunk in a fresh module graph took more than 10 s. Half the test's timeout
// (vitest.config.ts): a wait that never ends still fails, with the page as it stood.
configure({ asyncUtilTimeout: 30_000 });

// jsdom has no layout engine; the router's scroll restoration only needs the call to exist.
window.scrollTo = () => {};

// Most files share one jsdom with the files before them (vitest.config.ts): each test leaves it
// as it found it.
afterEach(() => {
  cleanup();
  // A stored session token would sign the next test in.
  window.localStorage.clear();
  window.sessionStorage.clear();
  vi.unstubAllGlobals();
});
