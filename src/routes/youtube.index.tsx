import { createFileRoute } from '@tanstack/react-router';
import { VideosScreen } from '@/features/video/videos-screen';

export const Route = createFileRoute('/youtube/')({ component: VideosScreen });
