/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** The bot-check (reCAPTCHA v3) site key; see `botCheckSiteKey` in config/env.ts. */
  readonly VITE_BOT_CHECK_SITE_KEY?: string
}
