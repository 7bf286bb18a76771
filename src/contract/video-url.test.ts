import { describe, expect, it } from 'vitest';
import { extractVideoId } from './video-url';

describe('extractVideoId', () => {
  it.each([
    ['https://www.youtube.com/watch?v=dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    ['http://youtube.com/watch?v=dQw4w9WgXcQ&t=42', 'dQw4w9WgXcQ'],
    ['youtube.com/watch?v=dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    ['https://youtu.be/dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    ['youtu.be/dQw4w9WgXcQ?si=abc', 'dQw4w9WgXcQ'],
    ['https://www.youtube.com/embed/dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    ['https://www.youtube.com/shorts/dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
  ])('%s → %s', (url, id) => {
    expect(extractVideoId(url)).toBe(id);
  });

  it.each([
    'https://vimeo.com/123456',
    'not a link',
    'https://www.youtube.com/',
    'https://youtu.be/short',
    'https://www.youtube.com.evil.example/watch?v=dQw4w9WgXcQ',
  ])('refuses %s', (url) => {
    expect(extractVideoId(url)).toBeNull();
  });
});
