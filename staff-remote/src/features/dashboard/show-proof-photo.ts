import { showFailure } from '@blooms/shared/runtime/show-failure';
import { deliveriesApi } from '../deliveries/api';

/** Opens a delivery's door photo in a new tab (the photo needs the staff member's token, so a plain link cannot). */
export async function showProofPhoto(url: string) {
  // Open the tab while the click still counts as the person's own action, then fill it.
  const tab = window.open('', '_blank');
  try {
    const photo = await deliveriesApi.proofPhoto(url);
    if (tab) tab.location.href = URL.createObjectURL(photo);
  } catch (e) {
    tab?.close();
    showFailure(e);
  }
}
