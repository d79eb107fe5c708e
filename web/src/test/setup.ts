import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

// jsdom has no layout engine; the router's scroll restoration only needs the call to exist.
window.scrollTo = () => {};

afterEach(() => {
  cleanup();
});
