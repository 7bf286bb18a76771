/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Set in `.env.mock` and `.env.bench`: the SPA answers its API calls with the msw mocks. */
  readonly VITE_MOCK_API?: string;
  /** The top bar's community chat link. */
  readonly VITE_COMMUNITY_CHAT_URL?: string;
}
