import { useCallback, useEffect, useLayoutEffect, useRef, useState, type ChangeEvent, type RefObject } from 'react';
import { useAppConfig } from '@blooms/shared/runtime/app-config';
import { cityOfZip } from '@blooms/shared/contract/delivery-area';
import { allMonthsSelected, type MonthName } from '@blooms/shared/contract/months';
import { EMPTY_SUBSCRIBE_FORM, type SubscribeForm } from '@blooms/shared/contract/subscribe';
import type { Plan, SubscriberTextField } from '@blooms/shared/contract/subscriber';
import { GIFT_PARAM } from '@blooms/shared/contract/routes';
import { useAddressAutocomplete } from '../address/use-address-autocomplete';
import { formTakenOver, readFormInPage } from './form-in-page';
import { loadSavedForm, saveForm } from './saved-form';
import { useFieldProblems, type FieldProblems } from './use-field-problems';

export interface SubscribeFormState {
  form: SubscribeForm;
  formRef: RefObject<HTMLFormElement | null>;
  addressRef: RefObject<HTMLInputElement | null>;
  update: (field: SubscriberTextField) => (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => void;
  setGift: (gift: boolean) => void;
  /** A gift's length and how it is paid. */
  setGiftTerms: (terms: Partial<Pick<SubscribeForm, 'giftDeliveries' | 'giftPayment'>>) => void;
  choosePlan: (plan: Plan) => void;
  /** "Text me on delivery days" and its number: ticking it starts the number from the phone above. */
  setTexts: (texts: boolean) => void;
  setTextPhone: (phone: string) => void;
  toggleMonth: (month: MonthName) => void;
  /** What is marked wrong under the fields (none until Subscribe is pressed), and marking it. */
  problems: FieldProblems;
  markProblems: () => void;
}

/**
 * The subscribe form's state. The page arrives with the form in it, taking input before the
 * app runs; as the app takes it over (before anything is drawn again) it starts from what the
 * form holds then, over what this tab kept. The fields stay the same elements, so the one
 * being typed in keeps its focus and caret. Every change is kept for this tab.
 */
export function useSubscribeForm(): SubscribeFormState {
  const mapsKey = useAppConfig((s) => s.config?.googleMapsApiKey ?? null);
  const [form, setForm] = useState<SubscribeForm>(EMPTY_SUBSCRIBE_FORM);
  const formRef = useRef<HTMLFormElement>(null);
  const addressRef = useRef<HTMLInputElement>(null);

  useLayoutEffect(() => {
    const taken = formTakenOver(formRef.current ? readFormInPage(formRef.current) : EMPTY_SUBSCRIBE_FORM, loadSavedForm(), !mapsKey);
    // Opened as a gift (the gift page's button, /subscribe?gift=1): "This is a gift" is ticked.
    const asGift = new URLSearchParams(window.location.search).get(GIFT_PARAM.name) === GIFT_PARAM.value;
    if (asGift) setForm({ ...(taken ?? EMPTY_SUBSCRIBE_FORM), gift: true });
    else if (taken) setForm(taken);
    // Once, as the app takes the page over: from then on React holds the form.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  useEffect(() => {
    if (form !== EMPTY_SUBSCRIBE_FORM) saveForm(form);
  }, [form]);

  useAddressAutocomplete(addressRef, mapsKey, (fields) => setForm((f) => ({ ...f, ...fields })));

  const update = (field: SubscriberTextField) => (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
    const value = event.target.value;
    setForm((f) => {
      const next = { ...f, [field]: value };
      // Without address suggestions, a known ZIP fills in the city.
      if (field === 'zip' && !mapsKey && !f.city.trim()) next.city = cityOfZip(value.trim()) ?? '';
      return next;
    });
  };

  // The same functions on every render, so the plan's part (twelve months) is not drawn again for every key typed elsewhere.
  const setGift = useCallback((gift: boolean) => setForm((f) => ({ ...f, gift })), []);
  const setGiftTerms = useCallback(
    (terms: Partial<Pick<SubscribeForm, 'giftDeliveries' | 'giftPayment'>>) => setForm((f) => ({ ...f, ...terms })),
    [],
  );
  const setTexts = useCallback(
    (texts: boolean) => setForm((f) => ({ ...f, texts, textPhone: texts && !f.textPhone.trim() ? f.phone : f.textPhone })),
    [],
  );
  const setTextPhone = useCallback((textPhone: string) => setForm((f) => ({ ...f, textPhone })), []);
  const choosePlan = useCallback(
    (plan: Plan) => setForm((f) => ({ ...f, plan, selectedMonths: plan === 'yearly' ? allMonthsSelected() : f.selectedMonths })),
    [],
  );
  const toggleMonth = useCallback(
    (month: MonthName) => setForm((f) => ({ ...f, selectedMonths: { ...f.selectedMonths, [month]: !f.selectedMonths[month] } })),
    [],
  );

  const { shown: problems, markAll: markProblems } = useFieldProblems(form);

  return {
    form,
    formRef,
    addressRef,
    update,
    setGift,
    setGiftTerms,
    choosePlan,
    setTexts,
    setTextPhone,
    toggleMonth,
    problems,
    markProblems,
  };
}
