import {
  BLOG_POST_NOT_FOUND_MESSAGE,
  NEWSLETTER_MESSAGES,
  type BlogIndex,
  type BlogPost,
  type BlogPostSummary,
} from '@coinsight/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../test/renderApp';
import { StubError } from '../../test/trpcStub';

function summary(n: number, overrides: Partial<BlogPostSummary> = {}): BlogPostSummary {
  return {
    slug: `post-${n}`,
    title: `Post number ${n}`,
    excerpt: `What post ${n} is about.`,
    imagePath: `/blog/post-${n}.svg`,
    imageAlt: `Illustration of post ${n}`,
    author: 'Coinsight Engineering',
    category: 'Engineering',
    readTimeMinutes: n + 2,
    featured: false,
    publishedAt: `2026-11-1${n}T00:00:00.000Z`,
    ...overrides,
  };
}

const index: BlogIndex = {
  featured: summary(9, { featured: true, category: 'Data Science' }),
  latest: [summary(3), summary(2), summary(1)],
  older: [summary(0)],
};

describe('blog index', () => {
  it('shows the featured post and the three latest with title, excerpt, image, author, date, read time and category', async () => {
    renderApp('/blog', { api: { 'blog.list': () => index } });

    const featured = (await screen.findByRole('heading', { name: 'Featured post' })).closest('section')!;
    expect(within(featured).getByRole('heading', { level: 3, name: 'Post number 9' })).toBeTruthy();
    expect(within(featured).getByText('Data Science')).toBeTruthy();

    const latest = screen.getByRole('heading', { name: 'Latest posts' }).closest('section')!;
    const articles = within(latest).getAllByRole('article');
    expect(articles).toHaveLength(3);
    const first = articles[0]!;
    expect(within(first).getByRole('heading', { name: 'Post number 3' })).toBeTruthy();
    expect(within(first).getByText('What post 3 is about.')).toBeTruthy();
    const image = within(first).getByRole('img', { name: 'Illustration of post 3' });
    expect([image.getAttribute('src'), image.getAttribute('width'), image.getAttribute('height')]).toEqual([
      '/blog/post-3.svg',
      '640',
      '360',
    ]);
    expect(within(first).getByText('Coinsight Engineering')).toBeTruthy();
    expect(within(first).getByText('November 13, 2026').getAttribute('datetime')).toBe('2026-11-13');
    expect(within(first).getByText('5 min read')).toBeTruthy();
    expect(within(first).getByRole('link', { name: 'Read More: Post number 3' }).getAttribute('href')).toBe('/blog/post-3');

    expect(screen.getByRole('link', { name: 'Post number 0' }).getAttribute('href')).toBe('/blog/post-0');
  });

  it('says when the posts cannot be loaded', async () => {
    renderApp('/blog', {
      api: {
        'blog.list': () => {
          throw new StubError(500, 'Internal server error');
        },
      },
    });
    expect((await screen.findByRole('alert')).textContent).toContain('Failed to load the blog. Please try again later.');
  });
});

describe('blog post page', () => {
  const post: BlogPost = { ...summary(3), body: 'Intro with `code`.\n\n## A section\n\n- first\n- second\n\n<script>alert(1)</script>' };

  it('renders the post under its own title, with a safe body', async () => {
    renderApp('/blog/post-3', {
      api: {
        'blog.bySlug': ({ slug }) => {
          if (slug !== 'post-3') throw new StubError(404, BLOG_POST_NOT_FOUND_MESSAGE);
          return post;
        },
      },
    });

    expect(await screen.findByRole('heading', { level: 1, name: 'Post number 3' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'A section' })).toBeTruthy();
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toContain('second');
    expect(screen.getByText('code').tagName).toBe('CODE');
    expect(screen.getByText('<script>alert(1)</script>').tagName).toBe('P');
    expect(document.querySelector('main script')).toBeNull();
    await waitFor(() => expect(document.title).toBe('Post number 3 · Coinsight'));
  });

  it('shows a not-found page for an unknown slug', async () => {
    renderApp('/blog/no-such-post', {
      api: {
        'blog.bySlug': () => {
          throw new StubError(404, BLOG_POST_NOT_FOUND_MESSAGE);
        },
      },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Post not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to the blog' }).getAttribute('href')).toBe('/blog');
  });
});

describe('newsletter form', () => {
  async function subscribe(email: string) {
    fireEvent.change(await screen.findByRole('textbox', { name: 'Email address' }), { target: { value: email } });
    fireEvent.click(screen.getByRole('button', { name: 'Subscribe' }));
  }

  it('explains a missing or malformed address without calling the server', async () => {
    const { api } = renderApp('/blog', { api: { 'blog.list': () => index } });
    await subscribe('');
    expect(await screen.findByText(NEWSLETTER_MESSAGES.emailRequired)).toBeTruthy();
    await subscribe('name@');
    expect(await screen.findByText(NEWSLETTER_MESSAGES.emailInvalid)).toBeTruthy();
    expect(api.callsTo('newsletter.subscribe')).toEqual([]);
  });

  it('asks to confirm by mail once the address is sent', async () => {
    const { api } = renderApp('/blog', {
      api: { 'blog.list': () => index, 'newsletter.subscribe': () => ({ status: 'confirmation-sent' }) },
    });
    await subscribe('reader@example.com');
    expect((await screen.findByText(NEWSLETTER_MESSAGES.subscribed)).closest('[role="status"]')).toBeTruthy();
    expect(api.callsTo('newsletter.subscribe')[0]?.input).toEqual({ email: 'reader@example.com' });
  });

  it("shows the server's reason when it refuses", async () => {
    renderApp('/blog', {
      api: {
        'blog.list': () => index,
        'newsletter.subscribe': () => {
          throw new StubError(429, NEWSLETTER_MESSAGES.tooMany);
        },
      },
    });
    await subscribe('reader@example.com');
    expect((await screen.findByRole('alert')).textContent).toBe(NEWSLETTER_MESSAGES.tooMany);
  });
});
