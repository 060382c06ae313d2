/* Stub of the Foundation declarations the AFNetworking export uses. */
#pragma once
typedef signed char BOOL;
#define YES ((BOOL)1)
#define NO ((BOOL)0)
#define nil ((id)0)
typedef unsigned long NSUInteger;
typedef double NSTimeInterval;
#define NSNotFound ((NSUInteger)-1)
#define NS_ENUM(type, name) enum name : type name; enum name : type
typedef struct _NSRange { NSUInteger location; NSUInteger length; } NSRange;

typedef struct { unsigned long state; id __unsafe_unretained *itemsPtr; unsigned long *mutationsPtr; unsigned long extra[5]; } NSFastEnumerationState;

@protocol NSFastEnumeration
- (NSUInteger)countByEnumeratingWithState:(NSFastEnumerationState *)state
                                  objects:(id __unsafe_unretained[])buffer
                                    count:(NSUInteger)len;
@end

@interface NSObject
+ (instancetype)alloc;
- (instancetype)init;
@end

@interface NSString : NSObject
@property (readonly) NSUInteger length;
@property (readonly, copy) NSString *lowercaseString;
- (BOOL)isEqualToString:(NSString *)other;
- (BOOL)hasSuffix:(NSString *)suffix;
- (NSRange)rangeOfString:(NSString *)other;
- (NSString *)substringFromIndex:(NSUInteger)from;
- (NSString *)substringToIndex:(NSUInteger)to;
@end

@interface NSData : NSObject
+ (instancetype)dataWithContentsOfFile:(NSString *)path;
@end

@interface NSDate : NSObject
+ (instancetype)date;
@property (readonly) NSTimeInterval timeIntervalSince1970;
@end

@interface NSArray<ObjectType> : NSObject <NSFastEnumeration>
+ (instancetype)arrayWithObjects:(const ObjectType[])objects count:(NSUInteger)count;
@end

@interface NSSet<ObjectType> : NSObject <NSFastEnumeration>
@end

@interface NSMutableSet<ObjectType> : NSSet<ObjectType>
+ (instancetype)set;
- (void)addObject:(ObjectType)object;
@end

@interface NSBundle : NSObject
+ (NSBundle *)mainBundle;
- (NSString *)pathForResource:(NSString *)name ofType:(NSString *)ext;
@end
