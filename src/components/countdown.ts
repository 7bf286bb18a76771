import './countdown.css';
/** A duration as HH:MM:SS (hours may pass 99), never below zero. */
export function formatCountdown(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  return [hours, minutes, seconds].map((part) => String(part).padStart(2, '0')).join(':');
}

/** A duration as D:HH:MM:SS (spec §4's video limit countdown), never below zero. */
export function formatDayCountdown(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const days = Math.floor(total / 86_400);
  return `${days}:${formatCountdown((total % 86_400) * 1000)}`;
}
