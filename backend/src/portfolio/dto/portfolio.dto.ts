import { MAX_LENGTH, MAX_TECH_STACK_ITEMS, PORTFOLIO_CATEGORY_KEYS, type PortfolioCategory, type PortfolioPayload } from '@brightwave/common';
import { ApiProperty } from '@nestjs/swagger';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsIn, IsNotEmpty, IsString, MaxLength } from 'class-validator';
import { RequiredText } from '../../common/dto-fields';
import { Trim, TrimEach } from '../../common/text';
import { IsWebLink } from '../../common/web-link';

/** Body of POST and PUT /api/portfolio: every field required (SPEC §5 portfolio form). */
export class PortfolioDto implements PortfolioPayload {
  @ApiProperty({ enum: PORTFOLIO_CATEGORY_KEYS })
  @IsIn(PORTFOLIO_CATEGORY_KEYS, { message: 'Please select a category' })
  category: PortfolioCategory;

  @RequiredText({ label: 'Project title', missing: 'Please provide a project title', max: MAX_LENGTH.title })
  projectTitle: string;

  @RequiredText({ label: 'Project subtitle', missing: 'Please provide a project subtitle', max: MAX_LENGTH.subtitle })
  projectSubtitle: string;

  @RequiredText({ label: 'Description', missing: 'Please provide a description', max: MAX_LENGTH.description })
  description: string;

  @ApiProperty({ description: 'http(s) URL, or a path on this site beginning with /' })
  @Trim()
  @IsString({ message: 'Please provide an image link' })
  @IsNotEmpty({ message: 'Please provide an image link' })
  @MaxLength(MAX_LENGTH.url, { message: `Image link must be at most ${MAX_LENGTH.url} characters` })
  @IsWebLink({ allowSitePath: true }, { message: 'Image link must be an http(s) URL or a path beginning with /' })
  imgLink: string;

  @ApiProperty({ description: 'http(s) URL' })
  @Trim()
  @IsString({ message: 'Please provide a project link' })
  @IsNotEmpty({ message: 'Please provide a project link' })
  @MaxLength(MAX_LENGTH.url, { message: `Project link must be at most ${MAX_LENGTH.url} characters` })
  @IsWebLink({}, { message: 'Project link must be an http(s) URL' })
  linkToProject: string;

  @ApiProperty({ type: [String], maxItems: MAX_TECH_STACK_ITEMS })
  @TrimEach()
  @IsArray({ message: 'Please add at least one technology' })
  @ArrayMinSize(1, { message: 'Please add at least one technology' })
  @ArrayMaxSize(MAX_TECH_STACK_ITEMS, { message: `At most ${MAX_TECH_STACK_ITEMS} technologies` })
  @IsString({ each: true, message: 'Each technology must be text' })
  @IsNotEmpty({ each: true, message: 'Technologies cannot be empty' })
  @MaxLength(MAX_LENGTH.techItem, { each: true, message: `Each technology must be at most ${MAX_LENGTH.techItem} characters` })
  techStack: string[];
}
