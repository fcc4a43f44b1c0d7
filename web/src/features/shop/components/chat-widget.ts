import type { ChatWidget } from '@/components/hooks/use-app-config'

/** The injected script element's id: the mark that the widget is on the page. */
export const CHAT_WIDGET_SCRIPT_ID = 'chat-widget-script'

interface GoftinoWindow {
  Goftino?: { open?: () => void }
}

/** The widget's script address: the configured address followed by the widget id (Goftino's `…/widget/{id}`). */
export function chatWidgetScriptSrc(widget: ChatWidget): string {
  return `${widget.scriptUrl}${encodeURIComponent(widget.id)}`
}

/** Adds the chat widget's script to the page once, however often the chat is opened [PM-20]. */
export function injectChatWidget(widget: ChatWidget): void {
  if (document.getElementById(CHAT_WIDGET_SCRIPT_ID)) return
  const script = document.createElement('script')
  script.id = CHAT_WIDGET_SCRIPT_ID
  script.async = true
  script.src = chatWidgetScriptSrc(widget)
  script.dataset.widgetId = widget.id
  document.head.append(script)
}

/** Opens the widget's chat window, at once when its script is ready, else when it announces `goftino_ready`. */
export function openChatWidget(): void {
  const open = () => (window as GoftinoWindow).Goftino?.open?.()
  if ((window as GoftinoWindow).Goftino?.open) open()
  else window.addEventListener('goftino_ready', open, { once: true })
}
