import { EMPTY_SUBSCRIBE_FORM, type SubscribeForm } from '@blooms/shared/contract/subscribe';
import { allMonthsSelected } from '@blooms/shared/contract/months';
import { formTakenOver, readFormInPage } from './form-in-page';

/** The form as the server writes it (the empty one), then changed by hand as a visitor would. */
function pageForm(html = ''): HTMLFormElement {
  document.body.innerHTML = `<form>
    <input name="firstName" value=""><input name="lastName" value=""><input name="zip" value=""><input name="city" value="">
    <input name="state" value="UT" readonly><textarea name="deliveryNotes"></textarea>
    <input type="checkbox" name="gift"><input name="buyerName" value="">
    <input type="radio" name="plan" value="yearly" checked><input type="radio" name="plan" value="custom">
    ${['January', 'February', 'March'].map((m) => `<input type="checkbox" name="months" value="${m}" checked>`).join('')}
    ${html}
  </form>`;
  return document.querySelector('form')!;
}

const set = (form: HTMLFormElement, name: string, value: string) => ((form.elements.namedItem(name) as HTMLInputElement).value = value);

describe('taking over the subscribe form the page holds', () => {
  it('takes nothing from an untouched page with nothing kept: the app starts from the empty form', () => {
    expect(formTakenOver(readFormInPage(pageForm()), null, true)).toBeNull();
  });

  it('keeps what was typed, ticked and chosen before the app ran', () => {
    const form = pageForm();
    set(form, 'firstName', 'Anna');
    set(form, 'deliveryNotes', 'Side door');
    form.querySelector<HTMLInputElement>('[name="gift"]')!.checked = true;
    set(form, 'buyerName', 'Sam');
    form.querySelector<HTMLInputElement>('[value="custom"]')!.checked = true;
    form.querySelector<HTMLInputElement>('[value="February"]')!.checked = false;
    const taken = formTakenOver(readFormInPage(form), null, false)!;
    expect(taken).toMatchObject({
      firstName: 'Anna',
      deliveryNotes: 'Side door',
      gift: true,
      buyerName: 'Sam',
      plan: 'custom',
      state: 'UT',
    });
    expect(taken.selectedMonths).toMatchObject({ January: true, February: false, March: true });
  });

  it('puts what was typed on the page over what this tab kept, and keeps the rest of what was kept', () => {
    const form = pageForm();
    set(form, 'lastName', 'Lopez');
    const kept: SubscribeForm = {
      ...EMPTY_SUBSCRIBE_FORM,
      firstName: 'Maria',
      lastName: 'Old',
      plan: 'custom',
      selectedMonths: { ...allMonthsSelected(), May: false },
    };
    const taken = formTakenOver(readFormInPage(form), kept, false)!;
    expect(taken).toMatchObject({ firstName: 'Maria', lastName: 'Lopez', plan: 'custom' });
    expect(taken.selectedMonths.May).toBe(false);
  });

  it('fills in the city from a ZIP typed before the app ran, as the app does, only when it has no address suggestions', () => {
    const form = pageForm();
    set(form, 'zip', '84604');
    expect(formTakenOver(readFormInPage(form), null, true)).toMatchObject({ zip: '84604', city: 'Provo' });
    expect(formTakenOver(readFormInPage(form), null, false)).toMatchObject({ zip: '84604', city: '' });
    set(form, 'city', 'Orem');
    expect(formTakenOver(readFormInPage(form), null, true)).toMatchObject({ city: 'Orem' });
  });
});
