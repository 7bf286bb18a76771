import { findUserByEmail, readerAccount, videosOf } from '@mocks/db';
import { transcriptVideoTitle } from '@mocks/fixtures/transcript';
import { failingVideoId } from '@mocks/handlers/videos';
import { server } from '@mocks/node';
import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { processingPollMs } from '@/api/videos';
import { signedIn } from '@/test/accounts';
import { renderApp } from '@/test/render-app';

const newVideoUrl = 'https://youtu.be/abcdefghijk';

function readerLibrary() {
  const reader = findUserByEmail(readerAccount.email);
  if (!reader) throw new Error('No reader account');
  return videosOf(reader);
}

async function openNewVideo() {
  const rendered = await renderApp('/youtube', { user: signedIn() });
  await rendered.user.click(await screen.findByRole('button', { name: 'New Video' }));
  return { ...rendered, dialog: screen.getByRole('dialog', { name: 'New Video' }) };
}

describe('my videos', () => {
  beforeEach(() => {
    // YouTube's oEmbed is a third party; here it cannot be reached, as on a machine without the internet.
    server.use(http.get('https://www.youtube.com/oembed', () => HttpResponse.error()));
  });

  it('lists finished videos by language, each opening its player', async () => {
    await renderApp('/youtube', { user: signedIn() });
    const english = await screen.findByRole('region', { name: 'English' });
    expect(within(english).getByRole('link', { name: transcriptVideoTitle })).toHaveAttribute(
      'href',
      expect.stringMatching(/^\/youtube\/[\w-]{11}$/),
    );
  });

  it("shows how much of a finished video's transcript the member knows", async () => {
    await renderApp('/youtube', { user: signedIn() });
    const english = await screen.findByRole('region', { name: 'English' });
    const card = within(english).getByRole('link', { name: transcriptVideoTitle });
    await waitFor(() =>
      expect(card).toHaveAccessibleDescription(/^\d+% known \d+ new words? (Comfortable|Stretch|Hard)$/),
    );
  });

  it('shows no preview for a link that is not a video', async () => {
    const { user, dialog } = await openNewVideo();
    await user.type(within(dialog).getByLabelText('YouTube link'), 'https://example.com/watch?v=abcdefghijk');
    expect(within(dialog).queryByText('Is this the video you want to process?')).not.toBeInTheDocument();
  });

  it('previews a video link and asks before processing it', async () => {
    const { user, dialog } = await openNewVideo();
    await user.type(within(dialog).getByLabelText('YouTube link'), newVideoUrl);
    expect(within(dialog).getByText('Is this the video you want to process?')).toBeInTheDocument();
    expect(within(dialog).getByText(/may be missing or inaccurate/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'No' }));
    expect(within(dialog).getByLabelText('YouTube link')).toHaveValue('');
  });

  it('says why Process waits when YouTube gives no title, until the learner types one', async () => {
    const { user, dialog } = await openNewVideo();
    await user.type(within(dialog).getByLabelText('YouTube link'), newVideoUrl);
    const hint = "YouTube did not give this video's title. Type a title to process the video.";
    expect(await within(dialog).findByText(hint)).toBeInTheDocument();
    const process = within(dialog).getByRole('button', { name: 'Process' });
    expect(process).toBeDisabled();
    expect(process).toHaveAccessibleDescription(hint);
    expect(within(dialog).getByLabelText('Title')).toHaveAccessibleDescription(hint);
    await user.type(within(dialog).getByLabelText('Title'), 'Lake walk');
    expect(process).toBeEnabled();
    expect(within(dialog).queryByText(hint)).not.toBeInTheDocument();
    await user.clear(within(dialog).getByLabelText('Title'));
    expect(process).toHaveAccessibleDescription('Type a title to process the video.');
  });

  it('takes the title from YouTube when the browser can reach it', async () => {
    server.use(http.get('https://www.youtube.com/oembed', () => HttpResponse.json({ title: 'Lake walk' })));
    const { user, dialog } = await openNewVideo();
    await user.type(within(dialog).getByLabelText('YouTube link'), newVideoUrl);
    expect(await within(dialog).findByDisplayValue('Lake walk')).toBeInTheDocument();
  });

  it('queues a video, whose card waits to be processed', async () => {
    const { user, dialog } = await openNewVideo();
    await user.type(within(dialog).getByLabelText('YouTube link'), newVideoUrl);
    await user.type(within(dialog).getByLabelText('Title'), 'My lake video');
    await user.click(within(dialog).getByRole('button', { name: 'Process' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    const card = (await screen.findByText('My lake video')).closest('li');
    expect(card).toHaveTextContent('Waiting to be processed');
  });

  it('refreshes processing cards by itself until the video is ready', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const { user, dialog } = await openNewVideo();
      await user.type(within(dialog).getByLabelText('YouTube link'), newVideoUrl);
      await user.type(within(dialog).getByLabelText('Title'), 'My lake video');
      await user.click(within(dialog).getByRole('button', { name: 'Process' }));
      await screen.findByText('My lake video');
      await vi.advanceTimersByTimeAsync(processingPollMs * 2);
      expect(await screen.findByRole('link', { name: 'My lake video' })).toBeInTheDocument();
    } finally {
      vi.useRealTimers();
    }
  });

  it('opens the video limit dialog with its countdown when the limit is reached', async () => {
    const library = readerLibrary();
    library.videos.push({ videoId: 'zyxwvutsrqp', title: 'Another', language: 'en' });
    const { user, dialog } = await openNewVideo();
    await user.type(within(dialog).getByLabelText('YouTube link'), newVideoUrl);
    await user.type(within(dialog).getByLabelText('Title'), 'One too many');
    await user.click(within(dialog).getByRole('button', { name: 'Process' }));
    const limit = await screen.findByRole('dialog', { name: "You've Reached Your Video Limit" });
    expect(within(limit).getByText(/^\d+:\d{2}:\d{2}:\d{2}$/)).toBeInTheDocument();
    expect(within(limit).getByRole('link', { name: 'Go to the store' })).toHaveAttribute('href', '/store');
  });

  it("puts a failed video's Upload subtitles beside its other actions, not across the card", async () => {
    readerLibrary().processing.push({
      id: 999,
      videoId: failingVideoId,
      title: 'No captions here',
      language: 'en',
      jobStatus: 'failed',
    });
    await renderApp('/youtube', { user: signedIn() });
    const remove = await screen.findByRole('button', { name: 'Delete No captions here' });
    const upload = screen.getByLabelText('Upload subtitles for No captions here').closest('label');
    const actions = remove.closest('.video-card-actions');
    expect(actions).not.toBeNull();
    expect(actions).toContainElement(upload);
    expect(upload?.parentElement).toBe(actions);
  });

  it('deletes a failed video from the list', async () => {
    readerLibrary().processing.push({
      id: 999,
      videoId: failingVideoId,
      title: 'No captions here',
      language: 'en',
      jobStatus: 'failed',
    });
    const { user } = await renderApp('/youtube', { user: signedIn() });
    await user.click(await screen.findByRole('button', { name: 'Delete No captions here' }));
    await screen.findByRole('link', { name: transcriptVideoTitle });
    expect(screen.queryByText('No captions here')).not.toBeInTheDocument();
  });
});

describe('subtitles', () => {
  beforeEach(() => {
    server.use(http.get('https://www.youtube.com/oembed', () => HttpResponse.error()));
  });

  it('refuse a file over 2 MB in the New Video dialog before anything is sent', async () => {
    const { user, dialog } = await openNewVideo();
    await user.type(within(dialog).getByLabelText('YouTube link'), newVideoUrl);
    const big = new File(['x'.repeat(2 * 1024 * 1024 + 1)], 'big.srt');
    await user.upload(within(dialog).getByLabelText(/^Subtitle file/), big);
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Subtitle files may be at most 2 MB');
    expect(within(dialog).getByRole('button', { name: 'Process' })).toBeDisabled();
  });
});
