import { MESSAGES } from '@brightwave/common';
import { Body, Controller, HttpCode, Post, UseFilters } from '@nestjs/common';
import { ApiTags, ApiTooManyRequestsResponse } from '@nestjs/swagger';
import { RateLimit } from '../rate-limit/rate-limit';
import { AdminOnly } from './admin-only.decorator';
import { AuthService } from './auth.service';
import type { AuthenticatedAdmin } from './authenticated-admin';
import { CurrentAdmin } from './current-admin.decorator';
import { LoginDto } from './dto/login.dto';
import { ResendOtpDto } from './dto/resend-otp.dto';
import { VerifyOtpDto } from './dto/verify-otp.dto';
import { RetryAfterFilter } from './retry-after.filter';

@ApiTags('admin auth')
@Controller('admin')
@UseFilters(RetryAfterFilter)
export class AuthController {
  constructor(private readonly auth: AuthService) {}

  @Post('login')
  @HttpCode(200)
  @RateLimit('auth-ip', 'auth-account')
  async login(@Body() dto: LoginDto) {
    return { success: true, ...(await this.auth.login(dto.email, dto.password)), message: MESSAGES.codeSent };
  }

  @Post('verify-2fa')
  @HttpCode(200)
  @RateLimit('auth-ip', 'auth-account')
  async verify(@Body() dto: VerifyOtpDto) {
    return { success: true, ...(await this.auth.verify(dto.adminId, dto.otp)) };
  }

  @Post('resend-otp')
  @HttpCode(200)
  @RateLimit('auth-ip', 'auth-account')
  @ApiTooManyRequestsResponse({ description: 'Asked again within 30 s, or too many codes in 15 min (Retry-After)' })
  async resend(@Body() dto: ResendOtpDto) {
    await this.auth.resend(dto.adminId);
    return { success: true, message: MESSAGES.resendSuccess };
  }

  @Post('logout')
  @HttpCode(200)
  @AdminOnly()
  async logout(@CurrentAdmin() admin: AuthenticatedAdmin) {
    await this.auth.logout(admin.sessionId);
    return { success: true, message: MESSAGES.loggedOut };
  }
}
