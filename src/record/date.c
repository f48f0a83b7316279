/* date.c - a record's start and end dates in each format's own form. Readers keep a date as
 * the file wrote it; writers put it in the form their format publishes: KIF 開始日時 and CSA
 * $START_TIME as "YYYY/MM/DD HH:MM:SS" (time optional), PGN Date as "YYYY.MM.DD" with "??"
 * for what is unknown (docs/records.md, "Dates"). */
#include <stdio.h>
#include <string.h>

#include "record_int.h"

typedef struct {
    int year, month, day; /* 0 = unknown (only a PGN date may leave month and day unknown) */
    int hour, minute, second;
    bool has_time;
} RecDate;

/* WHY a Japan-time clock for the zoned forms: KIF and CSA carry no time zone, and their
 * writers (Kifu for Windows, the CSA servers, floodgate) write the time in Japan; a lishogi
 * export's "2017-03-22T01:00:00.000Z" is a game that began at 10:00 there. */
enum { JST_MINUTES = 9 * 60 };

static bool leap(int y) { return (y % 4 == 0 && y % 100 != 0) || y % 400 == 0; }

static int month_days(int y, int m) {
    static const int days[] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
    return m == 2 && leap(y) ? 29 : days[m - 1];
}

/* Exactly `min` to `max` ASCII digits at *p as a number; -1 (and *p unmoved) if not. */
static int digits(const char **p, int min, int max) {
    int n = 0, v = 0;
    while (n < max && (*p)[n] >= '0' && (*p)[n] <= '9') v = v * 10 + ((*p)[n++] - '0');
    if (n < min || ((*p)[n] >= '0' && (*p)[n] <= '9')) return -1;
    *p += n;
    return v;
}

/* One of the date separators at *p: '-', '/', '.', or the kanji after a year or a month. */
static bool date_sep(const char **p, const char *kanji) {
    if (**p == '-' || **p == '/' || **p == '.') return ++*p, true;
    return str_eat(p, kanji);
}

/* Move the clock by `minutes` (a zone's offset), carrying into the date. */
static void shift_minutes(RecDate *d, int minutes) {
    int t = d->hour * 60 + d->minute + minutes;
    int day_shift = t < 0 ? -1 : t >= 24 * 60 ? 1 : 0;
    t -= day_shift * 24 * 60;
    d->hour = t / 60;
    d->minute = t % 60;
    d->day += day_shift;
    if (d->day < 1) {
        if (--d->month < 1) d->month = 12, d->year--;
        d->day = month_days(d->year, d->month);
    } else if (d->day > month_days(d->year, d->month)) {
        d->day = 1;
        if (++d->month > 12) d->month = 1, d->year++;
    }
}

/* A zone after the time: Z, UTC, GMT, JST, or +HH[:MM] / -HH[:MM]; its offset east of UTC in
 * minutes in *offset. False if none is there (*p unmoved). */
static bool zone(const char **p, int *offset) {
    const char *q = skip_spaces(*p);
    if (*q == 'Z' || str_eat(&q, "UTC") || str_eat(&q, "GMT")) {
        if (*q == 'Z') q++;
        *offset = 0;
    } else if (str_eat(&q, "JST")) {
        *offset = JST_MINUTES;
    } else if (*q == '+' || *q == '-') {
        int sign = *q++ == '-' ? -1 : 1, n[4], count = 0; /* HH, HHMM or HH:MM */
        for (; count < 4 && ((*q >= '0' && *q <= '9') || (count == 2 && *q == ':')); q++)
            if (*q != ':') n[count++] = *q - '0';
        if ((count != 2 && count != 4) || (*q >= '0' && *q <= '9')) return false;
        int h = n[0] * 10 + n[1], m = count == 4 ? n[2] * 10 + n[3] : 0;
        if (h > 14 || m > 59) return false;
        *offset = sign * (h * 60 + m);
    } else {
        return false;
    }
    *p = q;
    return true;
}

/* The time after a date: [T or spaces] H:MM[:SS[.fraction]] [zone]. */
static bool time_of_day(const char **p, RecDate *d) {
    const char *q = *p;
    if (*q == 'T')
        q++;
    else
        q = skip_spaces(q);
    int h = digits(&q, 1, 2);
    if (h < 0 || h > 23 || *q != ':') return false;
    q++;
    int m = digits(&q, 2, 2), s = 0;
    if (m < 0 || m > 59) return false;
    if (*q == ':') {
        q++;
        if ((s = digits(&q, 2, 2)) < 0 || s > 60) return false;
        if (s == 60) s = 59; /* a leap second: no format here writes one */
        if (*q == '.' || *q == ',')
            for (q++; *q >= '0' && *q <= '9'; q++) {
            }
    }
    d->hour = h, d->minute = m, d->second = s, d->has_time = true;
    int offset;
    if (zone(&q, &offset)) shift_minutes(d, JST_MINUTES - offset);
    *p = q;
    return true;
}

/* A whole date: YYYY-MM-DD, YYYY/MM/DD, YYYY.MM.DD or YYYY年MM月DD日, then an optional weekday in
 * brackets ("(土)", "(Sat)"), then an optional time; nothing after but spaces. */
static bool date_parse(const char *text, RecDate *d) {
    *d = (RecDate){0};
    const char *p = skip_spaces(text);
    if ((d->year = digits(&p, 4, 4)) < 1 || !date_sep(&p, "年")) return false;
    if ((d->month = digits(&p, 1, 2)) < 1 || d->month > 12 || !date_sep(&p, "月")) return false;
    if ((d->day = digits(&p, 1, 2)) < 1 || d->day > month_days(d->year, d->month)) return false;
    str_eat(&p, "日");
    const char *q = skip_spaces(p);
    if (*q == '(' ? (q++, true) : str_eat(&q, "（")) {
        const char *close = strchr(q, ')'), *wide = strstr(q, "）");
        bool is_wide = wide && (!close || wide < close);
        if (is_wide) close = wide;
        if (!close || close - q > 12) return false;
        p = close + (is_wide ? strlen("）") : 1);
    }
    if (*skip_spaces(p) && !time_of_day(&p, d)) return false;
    return !*skip_spaces(p);
}

/* A PGN date with unknown parts: "YYYY.MM.??", "YYYY.??.??" (month or day 0). */
static bool pgn_partial(const char *text, RecDate *d) {
    *d = (RecDate){0};
    const char *p = skip_spaces(text);
    if ((d->year = digits(&p, 4, 4)) < 1 || *p++ != '.') return false;
    if (!strncmp(p, "??.??", 5)) return !*skip_spaces(p + 5);
    if ((d->month = digits(&p, 2, 2)) < 1 || d->month > 12 || strncmp(p, ".??", 3)) return false;
    return !*skip_spaces(p + 3);
}

const char *rec_date_write(const char *value, RecDateStyle style, char *buf, size_t len) {
    RecDate d;
    bool full = value && date_parse(value, &d);
    if (style == REC_DATE_PGN) {
        if (!full && !(value && pgn_partial(value, &d))) return "????.??.??";
        char month[3] = "??", day[3] = "??";
        if (d.month) snprintf(month, sizeof month, "%02d", d.month);
        if (d.day) snprintf(day, sizeof day, "%02d", d.day);
        snprintf(buf, len, "%04d.%s.%s", d.year, month, day);
        return buf;
    }
    if (!full) return value;
    if (d.has_time)
        snprintf(buf, len, "%04d/%02d/%02d %02d:%02d:%02d", d.year, d.month, d.day, d.hour, d.minute, d.second);
    else
        snprintf(buf, len, "%04d/%02d/%02d", d.year, d.month, d.day);
    return buf;
}

bool rec_date_unknown(const char *value) {
    const char *p = skip_spaces(value);
    return !strcmp(p, "?") || !strncmp(p, "????.??.??", 10) || !*p;
}
