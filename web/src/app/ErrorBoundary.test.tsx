import { fireEvent, screen } from '@testing-library/react';
import { Link, type RouteObject } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { renderApp } from '../test/renderApp';
import { testUser } from '../test/trpcStub';
import { RouteErrorBoundary } from './RouteErrorBoundary';

vi.mock('../pages/market/MarketPage', () => ({
  default: function MarketPage(): never {
    throw new Error('Market data malformed');
  },
}));

let homeBroken = false;

function Thrower({ error }: { error: unknown }): never {
  throw error;
}

function Home() {
  if (homeBroken) throw new Error('Home exploded');
  return (
    <>
      <h1>Home</h1>
      <Link to="/broken">Broken page</Link>
    </>
  );
}

const routes: RouteObject[] = [
  {
    element: <RouteErrorBoundary />,
    children: [
      { path: '/', element: <Home /> },
      { path: '/broken', element: <Thrower error={new Error('Price feed exploded')} /> },
      { path: '/broken-without-message', element: <Thrower error={new Error('')} /> },
      { path: '/broken-with-non-error', element: <Thrower error={42} /> },
    ],
  },
];

let consoleError: MockInstance<typeof console.error>;

beforeEach(() => {
  homeBroken = false;
  consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
});

afterEach(() => {
  consoleError.mockRestore();
});

describe('route error boundary', () => {
  it('shows the error page with the error message and logs the error', () => {
    renderApp('/broken', { routes });

    expect(screen.getByRole('heading', { level: 1, name: 'Something went wrong' })).toBeTruthy();
    expect(screen.getByText('Price feed exploded')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Return to Home' })).toBeTruthy();
    expect(consoleError).toHaveBeenCalledWith(
      'Uncaught rendering error',
      expect.objectContaining({ message: 'Price feed exploded' }),
      expect.anything(),
    );
  });

  it.each(['/broken-without-message', '/broken-with-non-error'])('falls back to a generic message when %s has none', (path) => {
    renderApp(path, { routes });

    expect(screen.getByRole('heading', { level: 1, name: 'Something went wrong' })).toBeTruthy();
    expect(screen.getByText('An unexpected error occurred')).toBeTruthy();
  });

  it('returns home and recovers when Return to Home is pressed', async () => {
    const { router } = renderApp('/broken', { routes });

    fireEvent.click(screen.getByRole('button', { name: 'Return to Home' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Home' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');
    expect(screen.queryByText('Something went wrong')).toBeNull();
  });

  it('recovers on the home page itself once the cause is gone', async () => {
    homeBroken = true;
    renderApp('/', { routes });
    expect(screen.getByText('Home exploded')).toBeTruthy();

    homeBroken = false;
    fireEvent.click(screen.getByRole('button', { name: 'Return to Home' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Home' })).toBeTruthy();
  });

  it('catches the error of a page reached by navigation', async () => {
    renderApp('/', { routes });
    fireEvent.click(screen.getByRole('link', { name: 'Broken page' }));
    expect(await screen.findByText('Price feed exploded')).toBeTruthy();
  });
});

describe('the app routes', () => {
  it('replace the whole layout with the error page when a page fails to render', async () => {
    renderApp('/market', { signedInAs: testUser });

    expect(await screen.findByRole('heading', { level: 1, name: 'Something went wrong' })).toBeTruthy();
    expect(screen.getByText('Market data malformed')).toBeTruthy();
    expect(screen.queryByRole('banner')).toBeNull();
  });
});
