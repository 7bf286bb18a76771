import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

type Caption = { start: number; dur: number; text: string };
/** A video the fake knows: its captions by language code, or a caption document that is not one. */
export type FakeVideo = { captions: Record<string, Caption[]> } | { malformed: true };

const escapeXml = (text: string) =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');

/**
 * A local stand-in for the three YouTube calls a caption client makes: the watch page (with its Innertube key),
 * the Innertube player (the caption tracks) and the timedtext document (`<transcript><text start dur>…`), in the
 * real formats. `down()` makes it drop every connection, as an unreachable YouTube would.
 */
export async function startFakeYouTube(videos: Record<string, FakeVideo>, port = 0) {
  let reachable = true;
  const server: Server = createServer((request, response) => {
    if (!reachable) {
      request.socket.destroy();
      return;
    }
    const url = new URL(request.url ?? '/', 'http://fake.youtube');
    if (url.pathname === '/health') {
      response.writeHead(200).end('ok');
      return;
    }
    if (request.method === 'GET' && url.pathname === '/watch') {
      const video = videos[url.searchParams.get('v') ?? ''];
      response.writeHead(video ? 200 : 404, { 'content-type': 'text/html' });
      response.end(video ? '<html><script>ytcfg.set({"INNERTUBE_API_KEY":"fake-key"});</script></html>' : 'Not found');
      return;
    }
    if (request.method === 'POST' && url.pathname === '/youtubei/v1/player') {
      let body = '';
      request.on('data', (chunk) => {
        body += chunk;
      });
      request.on('end', () => {
        const videoId = (JSON.parse(body) as { videoId: string }).videoId;
        const video = videos[videoId];
        const languages = video ? ('malformed' in video ? ['en'] : Object.keys(video.captions)) : [];
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(
          JSON.stringify({
            playabilityStatus: { status: video ? 'OK' : 'ERROR' },
            videoDetails: { videoId },
            captions: {
              playerCaptionsTracklistRenderer: {
                captionTracks: languages.map((lang) => ({
                  baseUrl: `https://www.youtube.com/api/timedtext?v=${videoId}&lang=${lang}&fmt=srv3`,
                  languageCode: lang,
                  kind: 'asr',
                })),
              },
            },
          }),
        );
      });
      return;
    }
    if (request.method === 'GET' && url.pathname === '/api/timedtext') {
      const video = videos[url.searchParams.get('v') ?? ''];
      const lang = url.searchParams.get('lang') ?? '';
      response.writeHead(200, { 'content-type': 'text/xml' });
      if (!video || 'malformed' in video) {
        response.end('<html>this is not a caption document</html>');
        return;
      }
      const lines = (video.captions[lang] ?? []).map(
        (caption) => `<text start="${caption.start}" dur="${caption.dur}">${escapeXml(caption.text)}</text>`,
      );
      response.end(`<?xml version="1.0" encoding="utf-8" ?><transcript>${lines.join('')}</transcript>`);
      return;
    }
    response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const { port: listening } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${listening}`,
    down: () => {
      reachable = false;
    },
    up: () => {
      reachable = true;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
