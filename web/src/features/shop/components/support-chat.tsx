import { zodResolver } from '@hookform/resolvers/zod'
import { useEffect, useState } from 'react'
import { useForm } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { z } from 'zod'
import { useAppConfig } from '@/components/hooks/use-app-config'
import { BottomSheet } from '@/components/ui/bottom-sheet'
import { useOverlayParam } from '../hooks/use-overlay-param'
import { injectChatWidget, openChatWidget } from './chat-widget'
import './support-chat.css'

const messageSchema = z.object({ message: z.string().trim().min(1) })

type MessageForm = z.infer<typeof messageSchema>

interface ChatLine {
  from: 'you' | 'support'
  text: string
}

/**
 * The local stand-in for the chat widget, for deployments that configure none: a greeting, the visitor's messages and
 * an acknowledgement. The conversation lives as long as the page, so it is the same however often it is opened again.
 */
function SupportChatStandIn({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation()
  const [lines, setLines] = useState<ChatLine[]>([])
  const conversation: ChatLine[] = [{ from: 'support', text: t('shop.supportChat.greeting') }, ...lines]
  const { register, handleSubmit, reset, formState } = useForm<MessageForm>({
    resolver: zodResolver(messageSchema),
    defaultValues: { message: '' },
    mode: 'onChange',
  })

  const send = handleSubmit(({ message }) => {
    setLines((previous) => [...previous, { from: 'you', text: message }, { from: 'support', text: t('shop.supportChat.reply') }])
    reset()
  })

  return (
    <BottomSheet open={open} title={t('shop.supportChat.title')} closeLabel={t('shop.supportChat.close')} onClose={onClose}>
      <div className="support-chat" data-testid="support-chat">
        <ol className="support-chat__lines" aria-live="polite">
          {conversation.map((line, index) => (
            <li key={index} className={`support-chat__line support-chat__line--${line.from}`} data-testid="support-chat-line">
              <span className="visually-hidden">{`${t(`shop.supportChat.${line.from}`)}: `}</span>
              {line.text}
            </li>
          ))}
        </ol>
        <form className="support-chat__form" onSubmit={(event) => void send(event)}>
          <label className="visually-hidden" htmlFor="support-chat-message">
            {t('shop.supportChat.messageLabel')}
          </label>
          <input
            id="support-chat-message"
            className="support-chat__input"
            data-testid="support-chat-input"
            autoComplete="off"
            placeholder={t('shop.supportChat.messageLabel')}
            {...register('message')}
          />
          <button type="submit" className="support-chat__send" disabled={!formState.isValid}>
            {t('shop.supportChat.send')}
          </button>
        </form>
      </div>
    </BottomSheet>
  )
}

/**
 * The support-chat bubble [PM-20]. Opening adds `goftino=isOpen` to the address and closing removes it. With a chat
 * widget configured (the BFF's app config), opening injects its script once and opens the widget's window; without
 * one, the local stand-in opens. The bubble sits in the page's fixed footer, so it never covers a control or a price.
 */
export function SupportChat() {
  const { t } = useTranslation()
  const chat = useOverlayParam('goftino')
  const config = useAppConfig()
  const widget = config?.chatWidget

  // Also for an address that arrives with goftino=isOpen.
  useEffect(() => {
    if (!chat.isOpen || !widget) return
    injectChatWidget(widget)
    openChatWidget()
  }, [chat.isOpen, widget])

  return (
    <>
      <button
        type="button"
        className="support-chat__bubble"
        data-testid="support-chat-bubble"
        aria-label={t('shop.supportChat.open')}
        aria-expanded={chat.isOpen}
        onClick={chat.isOpen && widget ? openChatWidget : chat.open}
      >
        <svg className="support-chat__icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path d="M4 4h16a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H9l-5 4v-4a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2z" />
        </svg>
      </button>
      {config && !widget ? <SupportChatStandIn open={chat.isOpen} onClose={chat.close} /> : null}
    </>
  )
}
