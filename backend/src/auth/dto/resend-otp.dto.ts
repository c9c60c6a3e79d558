import { AdminIdDto } from './admin-id.dto';

export class ResendOtpDto extends AdminIdDto {}
