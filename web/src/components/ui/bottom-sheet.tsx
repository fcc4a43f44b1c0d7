import { useEffect, useId, useRef, type ReactNode } from 'react'
import './ui.css'

interface BottomSheetProps {
  open: boolean
  title: string
  closeLabel: string
  onClose: () => void
  /**
   * Work started in the sheet is under way (a payment start): Escape, the backdrop and the close button do not close
   * it, so its answer (a redirect, an error) is not lost behind a closed sheet.
   */
  busy?: boolean
  children: ReactNode
}

/** A modal sheet rising from the bottom of the screen; Escape and the backdrop close it unless it is busy. */
export function BottomSheet({ open, title, closeLabel, onClose, busy = false, children }: BottomSheetProps) {
  const titleId = useId()
  const closeRef = useRef<HTMLButtonElement>(null)
  const close = busy ? undefined : onClose
  // Callers pass a new onClose on every render; reading it through a ref keeps the effect below
  // from re-running (and stealing focus from a field inside the sheet) on each keystroke.
  const onCloseRef = useRef(close)
  useEffect(() => {
    onCloseRef.current = close
  })

  useEffect(() => {
    if (!open) return
    closeRef.current?.focus()
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onCloseRef.current?.()
    }
    document.addEventListener('keydown', onKey)
    return () => document.removeEventListener('keydown', onKey)
  }, [open])

  if (!open) return null
  return (
    <div className="bottom-sheet">
      <div className="bottom-sheet__backdrop" aria-hidden="true" onClick={close} />
      <div className="bottom-sheet__panel" role="dialog" aria-modal="true" aria-labelledby={titleId} aria-busy={busy}>
        <div className="bottom-sheet__header">
          <h2 id={titleId} className="bottom-sheet__title">
            {title}
          </h2>
          <button ref={closeRef} type="button" className="bottom-sheet__close" onClick={close} disabled={busy}>
            {closeLabel}
          </button>
        </div>
        <div className="bottom-sheet__body">{children}</div>
      </div>
    </div>
  )
}
