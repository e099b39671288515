import type { ComponentType } from 'react';
import type { InputProps } from './form-context.ts';
import type { FormFieldType } from './form-field.ts';
import { EmailsInput, TextAreaInput, TextInput } from './TextInput.tsx';
import { NumberInput, SliderInput } from './NumberInput.tsx';
import { DateInput } from './DateInput.tsx';
import { BooleanInput, RadioInput, SelectInput } from './ChoiceInput.tsx';
import { LinkInput } from './LinkInput.tsx';
import { ListInput, ObjectInput } from './NestedInput.tsx';
import { AddressInput, FileInput, JsonInput, NoticeInput } from './OtherInputs.tsx';
import { PhoneInput } from './PhoneInput.tsx';

/** One input component per form field type (CONVENTIONS §2): the compiler lists what a new type needs. */
export const fieldInputs: Record<FormFieldType, ComponentType<InputProps>> = {
  text: TextInput,
  password: TextInput,
  email: TextInput,
  username: TextInput,
  phone: PhoneInput,
  iban: TextInput,
  color: TextInput,
  textarea: TextAreaInput,
  markdown: TextAreaInput,
  richtext: TextAreaInput,
  emails: EmailsInput,
  number: NumberInput,
  integer: NumberInput,
  currency: NumberInput,
  percentage: NumberInput,
  slider: SliderInput,
  date: DateInput,
  datetime: DateInput,
  checkbox: BooleanInput,
  switch: BooleanInput,
  radio: RadioInput,
  select: SelectInput,
  link: LinkInput,
  list: ListInput,
  object: ObjectInput,
  address: AddressInput,
  json: JsonInput,
  file: FileInput,
  files: FileInput,
  notice: NoticeInput,
};
