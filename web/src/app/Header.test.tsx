import { HEADER_SCROLL_THRESHOLD_PX } from '@coinsight/contracts';
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderApp, type RenderAppOptions } from '../test/renderApp';
import { testUser } from '../test/trpcStub';

function scrollWindowTo(y: number) {
  Object.defineProperty(window, 'scrollY', { value: y, configurable: true });
  fireEvent.scroll(window);
}

async function renderHome(options?: RenderAppOptions) {
  const view = renderApp('/', options);
  await screen.findByRole('heading', { level: 1 });
  return view;
}

afterEach(() => {
  Object.defineProperty(window, 'scrollY', { value: 0, configurable: true });
});

describe('header', () => {
  it('switches to its scrolled style only once the page is scrolled more than 10px', async () => {
    await renderHome();
    const header = screen.getByRole('banner');
    expect(HEADER_SCROLL_THRESHOLD_PX).toBe(10);
    expect(header.getAttribute('data-scrolled')).toBe('false');

    scrollWindowTo(10);
    expect(header.getAttribute('data-scrolled')).toBe('false');

    scrollWindowTo(11);
    expect(header.getAttribute('data-scrolled')).toBe('true');

    scrollWindowTo(3);
    expect(header.getAttribute('data-scrolled')).toBe('false');
  });

  it('links the logo home and offers Sign In and Sign Up', async () => {
    await renderHome();
    const header = screen.getByRole('banner');
    expect(within(header).getByRole('link', { name: 'Coinsight' }).getAttribute('href')).toBe('/');
    expect(within(header).getByRole('button', { name: 'Sign In' })).toBeTruthy();
    expect(within(header).getByRole('button', { name: 'Sign Up' })).toBeTruthy();
    for (const [name, href] of [
      ['Resources', '/resources'],
      ['Pricing', '/pricing'],
      ['About', '/about'],
      ['Contact', '/contact'],
    ]) {
      expect(within(header).getByRole('link', { name }).getAttribute('href')).toBe(href);
    }
  });
});

describe('header dropdowns', () => {
  it('opens Products on click and closes it on a second click', async () => {
    await renderHome();
    const products = screen.getByRole('button', { name: 'Products' });
    expect(products.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('link', { name: 'Market' })).toBeNull();

    fireEvent.click(products);
    expect(products.getAttribute('aria-expanded')).toBe('true');
    const expected = [
      ['Dashboard', '/dashboard'],
      ['Market', '/market'],
      ['Data Explorer', '/explorer'],
      ['Social', '/social'],
      ['Sandbox', '/sandbox'],
    ];
    for (const [name, href] of expected) {
      expect(screen.getByRole('link', { name }).getAttribute('href')).toBe(href);
    }

    fireEvent.click(products);
    expect(products.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('link', { name: 'Market' })).toBeNull();
  });

  it('closes on Escape and gives focus back to its button', async () => {
    await renderHome();
    const solutions = screen.getByRole('button', { name: 'Solutions' });
    fireEvent.click(solutions);
    const blog = screen.getByRole('link', { name: 'Blog' });
    blog.focus();

    fireEvent.keyDown(blog, { key: 'Escape' });
    expect(solutions.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('link', { name: 'Blog' })).toBeNull();
    expect(document.activeElement).toBe(solutions);
  });

  it('closes on a click outside', async () => {
    await renderHome();
    const products = screen.getByRole('button', { name: 'Products' });
    fireEvent.click(products);
    fireEvent.pointerDown(screen.getByRole('main'));
    expect(products.getAttribute('aria-expanded')).toBe('false');
  });

  it('closes after following one of its links, which opens that page', async () => {
    await renderHome({ signedInAs: testUser });
    fireEvent.click(screen.getByRole('button', { name: 'Products' }));
    fireEvent.click(screen.getByRole('link', { name: 'Market' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Market Overview' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Products' }).getAttribute('aria-expanded')).toBe('false');
  });

  it('sends Scraping Tasks to /tasks on desktop', async () => {
    await renderHome();
    fireEvent.click(screen.getByRole('button', { name: 'Solutions' }));
    expect(screen.getByRole('link', { name: 'API' }).getAttribute('href')).toBe('/api');
    expect(screen.getByRole('link', { name: 'Scraping Tasks' }).getAttribute('href')).toBe('/tasks');
  });
});

describe('mobile menu', () => {
  it('opens a panel of collapsible groups whose Scraping Tasks goes to /scraping-tasks', async () => {
    await renderHome();
    const toggle = screen.getByRole('button', { name: 'Open menu' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');

    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const panel = await screen.findByRole('navigation', { name: 'Mobile' });
    for (const group of ['Products', 'Solutions', 'More']) {
      expect(within(panel).getByRole('button', { name: group }).getAttribute('aria-expanded')).toBe('false');
    }

    const solutions = within(panel).getByRole('button', { name: 'Solutions' });
    fireEvent.click(solutions);
    expect(solutions.getAttribute('aria-expanded')).toBe('true');
    expect(within(panel).getByRole('link', { name: 'Scraping Tasks' }).getAttribute('href')).toBe('/scraping-tasks');

    fireEvent.click(solutions);
    expect(within(panel).queryByRole('link', { name: 'Scraping Tasks' })).toBeNull();
  });

  it('closes when one of its links is followed', async () => {
    await renderHome();
    fireEvent.click(screen.getByRole('button', { name: 'Open menu' }));
    const panel = await screen.findByRole('navigation', { name: 'Mobile' });
    fireEvent.click(within(panel).getByRole('button', { name: 'More' }));
    fireEvent.click(within(panel).getByRole('link', { name: 'Pricing' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Pricing' })).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Mobile' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Open menu' }).getAttribute('aria-expanded')).toBe('false');
  });

  it('closes on Escape', async () => {
    await renderHome();
    const toggle = screen.getByRole('button', { name: 'Open menu' });
    fireEvent.click(toggle);
    fireEvent.keyDown(document.body, { key: 'Escape' });
    expect(screen.queryByRole('navigation', { name: 'Mobile' })).toBeNull();
    expect(document.activeElement).toBe(toggle);
  });
});
