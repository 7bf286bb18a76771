import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { ApiRequestError } from '@/api/client';
import { fetchVideoTitle, useProcessVideo, useUploadSubtitles } from '@/api/videos';
import { learningLanguageNames } from '@/components/language-names';
import { Modal } from '@/components/modal';
import { maxSubtitleBytes } from '@/contract/constants';
import { type LearningLanguage, learningLanguageSchema, learningLanguages } from '@/contract/languages';
import { extractVideoId } from '@/contract/video-url';
import { toast } from '@/lib/toast';
import { subtitleTypes } from './subtitle-upload';
import './new-video-dialog.css';

type NewVideoDialogProps = {
  language: LearningLanguage;
  onClose: () => void;
  /** The server refused: the learner has reached the video limit. */
  onLimitReached: () => void;
};

/**
 * Spec §2: a link, validated as a video link (an invalid one shows no preview), then the preview asking 'Is this
 * the video you want to process?' with No and Process. The title comes from YouTube when the browser can reach it.
 */
export function NewVideoDialog({ language: initialLanguage, onClose, onLimitReached }: NewVideoDialogProps) {
  const { t, i18n } = useLingui();
  const id = useId();
  const [url, setUrl] = useState('');
  const [language, setLanguage] = useState(initialLanguage);
  const [typedTitle, setTypedTitle] = useState<string | null>(null);
  const videoId = extractVideoId(url);
  const oEmbed = useQuery({
    queryKey: ['oembed', videoId],
    queryFn: ({ signal }) => (videoId ? fetchVideoTitle(videoId, signal) : null),
    enabled: videoId !== null,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
  const title = typedTitle ?? oEmbed.data ?? '';
  const titleMissing = !title.trim();
  /** Why Process waits: the title is still coming from YouTube, YouTube did not give it, or it was cleared. */
  const titleHint = !titleMissing
    ? null
    : oEmbed.isFetching
      ? t`Fetching the title from YouTube…`
      : typedTitle === null
        ? t`YouTube did not give this video's title. Type a title to process the video.`
        : t`Type a title to process the video.`;
  const processVideo = useProcessVideo();
  const uploadSubtitles = useUploadSubtitles();
  const [subtitles, setSubtitles] = useState<File | null>(null);
  const tooLarge = subtitles !== null && subtitles.size > maxSubtitleBytes;

  const process = (event: FormEvent) => {
    event.preventDefault();
    if (!videoId || titleMissing || tooLarge) return;
    processVideo.mutate(
      { videoURL: url.trim(), title: title.trim(), language },
      {
        onSuccess: () => {
          // With the learner's own subtitles the transcript comes from the file, not from YouTube's captions.
          if (subtitles) uploadSubtitles.mutate({ targetLang: language, videoId, file: subtitles });
          toast.success(t`Your video is being processed. It appears in your list when it is ready.`);
          onClose();
        },
        onError: (error) => {
          if (error instanceof ApiRequestError && error.details[0]?.code === 'video_limit') onLimitReached();
        },
      },
    );
  };

  return (
    <Modal title={t`New Video`} onClose={onClose}>
      <form className="new-video" onSubmit={process}>
        <label htmlFor={`${id}-url`}>
          <Trans>YouTube link</Trans>
        </label>
        <input
          id={`${id}-url`}
          type="url"
          inputMode="url"
          placeholder="https://www.youtube.com/watch?v=…"
          value={url}
          onChange={(event) => {
            setUrl(event.target.value);
            setTypedTitle(null);
          }}
        />
        {videoId ? (
          <>
            <img
              className="new-video-thumbnail"
              src={`https://i.ytimg.com/vi/${videoId}/mqdefault.jpg`}
              alt=""
              width={320}
              height={180}
            />
            <p className="new-video-question">
              <Trans>Is this the video you want to process?</Trans>
            </p>
            <label htmlFor={`${id}-title`}>
              <Trans>Title</Trans>
            </label>
            <input
              id={`${id}-title`}
              value={title}
              maxLength={200}
              required
              aria-describedby={titleHint ? `${id}-title-hint` : undefined}
              onChange={(event) => setTypedTitle(event.target.value)}
            />
            {titleHint ? (
              <p id={`${id}-title-hint`} className="field-hint">
                {titleHint}
              </p>
            ) : null}
            <label htmlFor={`${id}-language`}>
              <Trans>Language of the video</Trans>
            </label>
            <select
              id={`${id}-language`}
              value={language}
              onChange={(event) => {
                const parsed = learningLanguageSchema.safeParse(event.target.value);
                if (parsed.success) setLanguage(parsed.data);
              }}
            >
              {learningLanguages.map((lang) => (
                <option key={lang} value={lang}>
                  {i18n._(learningLanguageNames[lang])}
                </option>
              ))}
            </select>
            <label htmlFor={`${id}-subtitles`}>
              <Trans>Subtitle file (optional, SRT or WebVTT, at most 2 MB)</Trans>
            </label>
            <input
              id={`${id}-subtitles`}
              type="file"
              accept={subtitleTypes}
              aria-invalid={tooLarge}
              aria-describedby={tooLarge ? `${id}-subtitles-error` : undefined}
              onChange={(event) => setSubtitles(event.target.files?.[0] ?? null)}
            />
            {tooLarge ? (
              <p id={`${id}-subtitles-error`} className="form-error" role="alert">
                <Trans>Subtitle files may be at most 2 MB</Trans>
              </p>
            ) : null}
            <div className="dialog-actions">
              <button
                type="button"
                className="button button-secondary"
                onClick={() => {
                  setUrl('');
                  setTypedTitle(null);
                }}
              >
                <Trans>No</Trans>
              </button>
              <button
                type="submit"
                className="button button-primary"
                disabled={titleMissing || tooLarge || processVideo.isPending}
                aria-describedby={titleHint ? `${id}-title-hint` : undefined}
              >
                <Trans>Process</Trans>
              </button>
            </div>
          </>
        ) : null}
        <p className="form-note">
          <Trans>Transcripts are made from the video's captions and may be missing or inaccurate.</Trans>
        </p>
      </form>
    </Modal>
  );
}
