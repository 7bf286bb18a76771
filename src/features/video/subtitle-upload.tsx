import { Trans, useLingui } from '@lingui/react/macro';
import { Upload } from 'lucide-react';
import { useId } from 'react';
import { useUploadSubtitles } from '@/api/videos';
import { maxSubtitleBytes } from '@/contract/constants';
import type { LearningLanguage } from '@/contract/languages';
import { toast } from '@/lib/toast';
import './subtitle-upload.css';

export const subtitleTypes = '.srt,.vtt,text/vtt,application/x-subrip';

/** A failed video's way out: the learner's own subtitle file (SRT or WebVTT) becomes its transcript. */
export function SubtitleUploadButton({
  targetLang,
  videoId,
  title,
}: {
  targetLang: LearningLanguage;
  videoId: string;
  title: string;
}) {
  const { t } = useLingui();
  const id = useId();
  const upload = useUploadSubtitles();
  return (
    <label htmlFor={id} className="button button-secondary subtitle-button">
      <Upload size={16} aria-hidden="true" />
      <Trans>Upload subtitles</Trans>
      <input
        id={id}
        type="file"
        accept={subtitleTypes}
        className="visually-hidden"
        aria-label={t`Upload subtitles for ${title}`}
        disabled={upload.isPending}
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (!file) return;
          if (file.size > maxSubtitleBytes) {
            toast.error(t`Subtitle files may be at most 2 MB`);
            return;
          }
          upload.mutate(
            { targetLang, videoId, file },
            { onSuccess: () => toast.success(t`Subtitles received: "${title}" is being processed again.`) },
          );
        }}
      />
    </label>
  );
}
