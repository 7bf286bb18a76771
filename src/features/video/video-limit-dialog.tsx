import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { formatDayCountdown } from '@/components/countdown';
import { Modal } from '@/components/modal';
import { rewards, timings } from '@/contract/constants';
import type { User } from '@/contract/entities';

const dayMs = 86_400_000;

/** Spec §4/§8: the video limit renews 7 days after its last update; the countdown ticks every second. */
export function VideoLimitDialog({ user, onClose }: { user: User; onClose: () => void }) {
  const { t } = useLingui();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), timings.videoCountdownMs);
    return () => clearInterval(timer);
  }, []);
  const renewsAt = Date.parse(user.videoLimitLastUpdatedAt) + rewards.videoCycleDays * dayMs;
  return (
    <Modal title={t`You've Reached Your Video Limit`} onClose={onClose}>
      <p>
        {t`${plural(user.videoLimit, { one: 'You have added your # video of this cycle.', other: 'You have added your # videos of this cycle.' })}`}{' '}
        {t`Every ${rewards.videoCycleDays} days you can add ${rewards.freeVideos} videos, or ${rewards.freeVideos + rewards.proExtraVideos} with Pro Gold.`}
      </p>
      <p className="countdown" aria-live="off">
        <Trans>Your limit renews in</Trans> <time>{formatDayCountdown(renewsAt - now)}</time>
      </p>
      <p>
        <Trans>
          Want more now? Buy a Video Limit boost with diamonds or coins, or go Pro Gold for more videos every week.
        </Trans>
      </p>
      <div className="dialog-actions">
        <Link to="/limits" className="button button-secondary">
          <Trans>About limits</Trans>
        </Link>
        <Link to="/store" className="button button-primary">
          <Trans>Go to the store</Trans>
        </Link>
      </div>
    </Modal>
  );
}
