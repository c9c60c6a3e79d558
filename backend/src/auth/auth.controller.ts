import { MESSAGES, type AnswerOf } from '@brightwave/common';
import { Body, Controller, Headers, HttpCode, Ip, Post } from '@nestjs/common';
import { ApiTags, ApiTooManyRequestsResponse } from '@nestjs/swagger';
import { ok } from '../common/answer';
import { RateLimit } from '../rate-limit/rate-limit';
import { AdminOnly } from './admin-only.decorator';
import { AuthService } from './auth.service';
import type { AuthenticatedAdmin } from './authenticated-admin';
import { CurrentAdmin } from './current-admin.decorator';
import { LoginDto } from './dto/login.dto';
import { ResendOtpDto } from './dto/resend-otp.dto';
import { VerifyOtpDto } from './dto/verify-otp.dto';

@ApiTags('admin auth')
@Controller('admin')
export class AuthController {
  constructor(private readonly auth: AuthService) {}

  @Post('login')
  @HttpCode(200)
  // Failures only are counted per account, by the service: a per-account count of every attempt would let anyone
  // who knows an admin's e-mail lock them out.
  @RateLimit('auth-ip')
  async login(@Body() dto: LoginDto, @Ip() address: string): Promise<AnswerOf<'POST /admin/login'>> {
    return ok({ ...(await this.auth.login(dto.email, dto.password, { address })), message: MESSAGES.codeSent });
  }

  @Post('verify-2fa')
  @HttpCode(200)
  @RateLimit('auth-ip', 'auth-account')
  async verify(
    @Body() dto: VerifyOtpDto,
    @Ip() address: string,
    @Headers('user-agent') userAgent?: string,
  ): Promise<AnswerOf<'POST /admin/verify-2fa'>> {
    return ok(await this.auth.verify(dto.adminId, dto.otp, { address, userAgent, challenge: dto.challenge }));
  }

  @Post('resend-otp')
  @HttpCode(200)
  @RateLimit('auth-ip', 'auth-account')
  @ApiTooManyRequestsResponse({ description: 'Asked again within 30 s, or too many codes in 15 min (Retry-After)' })
  async resend(@Body() dto: ResendOtpDto, @Ip() address: string): Promise<AnswerOf<'POST /admin/resend-otp'>> {
    await this.auth.resend(dto.adminId, { address, challenge: dto.challenge });
    return ok({ message: MESSAGES.resendSuccess });
  }

  @Post('logout')
  @HttpCode(200)
  @AdminOnly('everyone')
  async logout(@CurrentAdmin() admin: AuthenticatedAdmin): Promise<AnswerOf<'POST /admin/logout'>> {
    await this.auth.logout(admin.sessionId);
    return ok({ message: MESSAGES.loggedOut });
  }
}
