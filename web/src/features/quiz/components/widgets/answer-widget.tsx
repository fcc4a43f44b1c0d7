import { CheckboxGroup, TagSelect } from './checkbox-group'
import { ChoiceCards } from './choice-cards'
import { JalaliDateField } from './jalali-date'
import { NumberPicker } from './number-fields'
import { Ruler } from './ruler'
import { RoundSlider } from './round-slider'
import { SelectField } from './select-field'
import { CreditCardField, MobileField, Textbox } from './text-fields'
import type { WidgetProps } from './widget-props'

/** The widget named by the question's answerUIComponent (spec 3 §2 "Widgets"). */
export function AnswerWidget(props: WidgetProps) {
  switch (props.question.answerUIComponent.type) {
    case 'gender':
      return <ChoiceCards {...props} variant="gender" />
    case 'pictureRadio':
      return <ChoiceCards {...props} variant="picture" />
    case 'radio':
      return <ChoiceCards {...props} variant="radio" />
    case 'toggle':
      return <ChoiceCards {...props} variant="toggle" />
    case 'checkbox':
      return <CheckboxGroup {...props} />
    case 'tags':
      return <TagSelect {...props} />
    case 'select':
      return <SelectField {...props} />
    case 'date':
      return <JalaliDateField {...props} />
    case 'ruler':
      return <Ruler {...props} />
    case 'numberPicker':
      return <NumberPicker {...props} />
    case 'textbox':
      return <Textbox {...props} />
    case 'mobile':
      return <MobileField {...props} />
    case 'creditCard':
      return <CreditCardField {...props} />
    case 'roundSlider':
      return <RoundSlider {...props} />
  }
}

/** Widgets whose change is the answer: on choice steps it submits the step [QN-35]. */
export const ANSWERING_WIDGETS = new Set(['gender', 'pictureRadio', 'radio', 'toggle', 'select'])

/** Text fields are touched on blur; every other widget by its change [QN-36]. */
export const TOUCHED_ON_BLUR = new Set(['textbox', 'mobile', 'creditCard'])
