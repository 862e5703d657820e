import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import type { DynamoDBRecord } from 'aws-lambda';

type Image = Record<string, AttributeValue> | undefined;

const toItem = (image: Image) => (image ? unmarshall(image) : undefined);

/** A stream record's item before and after the write (undefined for a creation's old image and a deletion's new one). */
export function recordImages(record: DynamoDBRecord): [Record<string, unknown> | undefined, Record<string, unknown> | undefined] {
  return [toItem(record.dynamodb?.OldImage as Image), toItem(record.dynamodb?.NewImage as Image)];
}
