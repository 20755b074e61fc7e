// Imported by path by the signed-in layout's eviction notice only.
import { endpoint } from '../endpoint';
import { DeviceCheckIn, DeviceCheckInInput } from '../devices';

export const checkInDevice = endpoint({
  name: 'checkInDevice',
  method: 'PUT',
  path: '/v1/users/me/device',
  summary:
    'Tell what this device’s local store still has to send; answers whether its previous store was wiped while writes may have waited (the device is named by the HttpOnly cookie `village_device`, set by this call)',
  body: DeviceCheckInInput,
  answer: { data: DeviceCheckIn },
});
