import { createFileRoute } from '@tanstack/react-router';
import { StoreScreen } from '@/features/store/store-screen';

export const Route = createFileRoute('/store/')({ component: StoreScreen });
