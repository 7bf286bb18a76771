import { createFileRoute } from '@tanstack/react-router';
import { ResultPage } from '@/components/result-page';

export const Route = createFileRoute('/store/pro/success')({ component: () => <ResultPage result="success" /> });
