/**
 * A video link as spec §5 describes it: optional http(s), a host with www or the short form, then a path.
 * The id comes from the `v` parameter, else from the first path segment.
 */
const videoUrlPattern = /^(?:https?:\/\/)?(?:www\.|m\.)?(?:youtube\.com|youtu\.be)\/\S+$/i;
const videoIdPattern = /^[\w-]{11}$/;

export function extractVideoId(url: string): string | null {
  const trimmed = url.trim();
  if (!videoUrlPattern.test(trimmed)) return null;
  let parsed: URL;
  try {
    parsed = new URL(/^https?:\/\//i.test(trimmed) ? trimmed : `https://${trimmed}`);
  } catch {
    return null;
  }
  const fromQuery = parsed.searchParams.get('v');
  const firstSegment = parsed.pathname.split('/').filter(Boolean)[0] ?? '';
  const candidate =
    fromQuery ??
    (firstSegment === 'embed' || firstSegment === 'shorts' || firstSegment === 'live'
      ? (parsed.pathname.split('/').filter(Boolean)[1] ?? '')
      : firstSegment);
  return videoIdPattern.test(candidate) ? candidate : null;
}
