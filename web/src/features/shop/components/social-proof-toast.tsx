import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { socialProofEntries, type SocialProofEntry } from '../data/social-proof'
import { TOAST_SHOWN_MS, toastDelayMs, toastEntryIndex } from '../domain/social-proof'

/**
 * The social-proof toast [PM-21, CT-07]: after a random 1–6 s a recent purchase shows for 3 s, then the next one
 * after another random delay, as long as the page is open. Entries start at a random place in the list.
 */
export function SocialProofToast({ entries = socialProofEntries }: { entries?: readonly SocialProofEntry[] }) {
  const { t } = useTranslation()
  const [entry, setEntry] = useState<SocialProofEntry | null>(null)

  useEffect(() => {
    if (entries.length === 0) return
    const start = Math.floor(Math.random() * entries.length)
    let appearance = 0
    let timer: ReturnType<typeof setTimeout>
    const schedule = () => {
      timer = setTimeout(() => {
        setEntry(entries[toastEntryIndex(start + appearance, entries.length)] ?? null)
        appearance += 1
        timer = setTimeout(() => {
          setEntry(null)
          schedule()
        }, TOAST_SHOWN_MS)
      }, toastDelayMs(Math.random()))
    }
    schedule()
    return () => clearTimeout(timer)
  }, [entries])

  return (
    // data-entries: how many sample purchases the toast draws from, which no single toast shows [CT-07].
    <div
      className="social-proof"
      role="status"
      aria-label={t('shop.socialProof.label')}
      data-testid="social-proof"
      data-entries={entries.length}
    >
      {entry ? (
        <p className="social-proof__toast" data-testid="social-proof-toast" data-kind={entry.new_or_extend}>
          {t(entry.new_or_extend === 'extend' ? 'shop.socialProof.extend' : 'shop.socialProof.new', {
            name: entry.first_name,
            package: entry.package,
          })}
        </p>
      ) : null}
    </div>
  )
}
