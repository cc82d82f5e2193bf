Remark testspec.go
Remark Three-event SF file for illustration and testing
event
B 1 R16
W 2 D17
B 3 Q3
W 4 P17
B 5 C4
W 6 E3
B 7 Q5
W 8 C6
B 9 D6
W 10 D7
B 11 E6
W 12 E7
B 13 E4
W 14 D3
B 15 C7
W 16 C8
B 17 B7
W 18 F7
B 19 B8
W 20 F4
B 21 F6
W 22 C9
B 23 G7
W 24 G8
B 25 H6
W 26 J3
B 27 E9
W 28 B9
B 29 F8
W 30 D8
B 31 G9
W 32 H8
B 33 H9
W 34 J8
B 35 J9
W 36 K8
B 37 D11
W 38 C12
B 39 C11
W 40 B11
B 41 B12
W 42 B13
B 43 D12
W 44 A12
PRISONER B12
B 45 C13
W 46 C14
B 47 B12
PRISONER C12
W 48 F10
B 49 F9
W 50 C12
PRISONER B12
B 51 D13
W 52 B6
B 53 B5
W 54 A8
B 55 C5
W 56 A7
PRISONER B8 #17 C7
B 57 B12
PRISONER C12
W 58 G5
Event Yose Problem 7
Source Page 164 of "Basic Techniques of Go"
Source By Haruyama and Nagahara
Source Ishi Press, Berkeley-Tokyo, 1969
Black Haruyama 6-dan
White Nagahara 4-dan
Komi 0
Boardsize 10
Timelimit 30 minutes each
Handicap 1
Result Black wins by 1
Rules Japanese
Analysis The authors
Recorder W. Lobb
Date 8 March 1990
Place Concord MA
Setup w e10 f9 j9 k9 b8 f8 g8 h8 k8 b7 c6 h6 k6
Setup b B9 C9 D9 E9 A8 C8 E8 J8 D7 E7 F7 G7 H7 J7 K7 D6 J6
Setup w C5 G5 H5 J5 K5 B4 C4 F4 G4 a3 b3 e3 f3 a2 c2 d2 e2 b2
Setup b d5 f5 d4 e4 h4 j4 k4 c3 d3 g3 j3 f2 g2 h2
Com Yose Problem 7.
How should Black play so as to win by one point?
Endcom
B 1 h9
W 2 h10
b 3 f10
Mark #1-2
com
Black 1 and 3 are kiri (cut) and horikomi tesuji. The meaning of these
moves will become clear in a moment.
endcom
w 4 g10
PRISONER #3
b 5 b6
COM \d
Black 5 is the atekomi tesuji and is worth 1 point with sente for Black.
ENDCOM
w 6 a6
b 7 c7
w 8 b5
PRISONER b6
b 9 f1
w 10 f6
b 11 E5
w 12 G6
b 13 E1
w 14 D1
b 15 D10
w 16 g9
Prisoner h9
b 17 a9
w 18 a7
b 19 f10
prisoner E10
w 20 j2
b 21 k2
w 22 E10
prisoner #19
b 23 A5
w 24 A4
prisoner #23
b 25 F10
PRISONer E10
User Print-Diagram 1 of 10
MARK All
numbase -22
partial c1 k8
show 12 28
Ko information goes here
Enduser
w 26 J1
b 27 H1
w 28 E10
Prisoner #25
b 29 j10
w 30 k10
prisoner #29
b 31 f10
PRISONER e10
COM
After Black takes ko at 31, White has no more ko threats. Black wins by 1
point, having 15 points against White's 14.
ENDCOM
EVENT Problem 1 from Ishigure
COM
Adapted from page 111 of "In the Beginning"
By Ikuro Ishigure, Ishi Press 1973
ENDCOM
BOARDSIZE 19
SETUP B R16 C4 R5 P17 O5 W E17 Q3 E3 Q8 P5 P4
SETUP W O6 N6 Q10 B P6 Q6 O7 W O4 N4 L3 B P8 O3 N5 M5
COM Problem 1
Black to play.
ENDCOM
B 1 Q12
MARK 10@R12 8@Q13 8@R13 8@C17 8@C16 8@D15 \S@q10
MARK \t@Q8 8@L5 7@P9 7@J17 7@J16 7@K16
COM \D \c
Black 1 is the best move and scores 10. The focal point of the game as it
now stands is the unsettled position on the right side. Black should make a
pincer play either at 1 or at '10', attacking the white stones marked \T and
\s while forming territory in front of his shimari. If you chose to play one
line higher, at one of the points marked 8 in the upper right, you can take
credit for finding the right direction of play, but you are being too timid.
ENDCOM
VAR 8
B 1 M7
COM
Score: 8
ENDCOM
W 2 R13
MARK m7
COM
Black 1, capturing two stones and tying Black's forces together, is an
important point, but White 2 makes White's position safe, too, and robs
Black of territory on the right side.
ENDCOM
VAR
W 2 p7
MARK M7
COM
This is not good for White.
ENDCOM
USER
Some user data here.
More user data.
Last line of user data.
ENDUSER
ENDVAR
ENDVAR
VAR 8
B 1 D5
COM
Score: 8
ENDCOM
W 2 M6
B 3 L5
W 4 L6
B 5 K5
W 6 L8
MARK ALL
UNMARK #6
MARK \t@L8
COM
If Black plays on the left side, 1 looks best, but then White will play 2,
4 and \t, and be one move ahead on the right side of where he comes out in
the main sequence.
ENDCOM
ENDVAR
VAR 7
B 1 Q9
COM
Score: 7
ENDCOM
W 2 R9
B 3 P9
W 4 r13
MARK #1 r9 p9 X@r10
COM
If Black plays at 1 and 3, White will extend to 4, with nothing to fear from
Black's cutting at X.
ENDCOM
ENDVAR
W 2 M6
VAR
W 2 P9
B 3 L5
MARK p9
COM
If White answers Black 1 directly by playing, say, 2, Black will capture at
3. White, his three stones on the right side sandwiched between two strong
black positions, faces a dreary prospect. White cannot play this way; the
fight in the main sequence is inevitable.
ENDCOM
ENDVAR
B 3 L5
W 4 L6
B 5 K5
W 6 L8
MARK all a@k6
COM
After Black 1, White should push out into the center with 2 and 4, then
jump to 6 (or, if he prefers, keep pushing at 'a'). This starts a four-way
fight between two weak black groups and two weak white ones. It will be
difficult, but Black has already staked out his claim on the best ground by
playing 1.
ENDCOM
VAR
DIAGRAM
HIDE q12 r16 p17 e17 c4 e3 l5 k5 l6 m6
MARK 1@q8 2@o5 3@p5 4@p6 5@p4 6@q6 7@o6 8@o7 9@n6 10@p8
MARK 11@q10 12@o3 13@o4 14@n5 15@n4 16@m5 17@l3
COM
For your reference, the position in the lower right corner arose from this
pincer joseki.
ENDCOM
ENDVAR
